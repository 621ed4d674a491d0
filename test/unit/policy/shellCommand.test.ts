import * as assert from 'node:assert/strict';
import { analyseArgv, analyseCommandLine } from '../../../src/policy/shellCommand';

describe('policy: shell command lines', () => {
  it('splits a plain command into words, quotes grouping them', () => {
    const result = analyseCommandLine(`git commit -m "fix: a; b && c" --author='Me <me@x>'`);
    assert.deepEqual(result.commands, [['git', 'commit', '-m', 'fix: a; b && c', '--author=Me <me@x>']]);
    assert.equal(result.opaque, false);
  });

  it('finds every command of a chain: ; && || | &', () => {
    assert.deepEqual(analyseCommandLine('git status; rm -rf ~').commands, [['git', 'status'], ['rm', '-rf', '~']]);
    assert.deepEqual(analyseCommandLine('git status && x || y').commands, [['git', 'status'], ['x'], ['y']]);
    assert.deepEqual(analyseCommandLine('git log | head -5').commands, [['git', 'log'], ['head', '-5']]);
    assert.deepEqual(analyseCommandLine('sleep 5 & rm x').commands, [['sleep', '5'], ['rm', 'x']]);
    assert.equal(analyseCommandLine('git status; rm -rf ~').opaque, false, 'a chain of plain commands can be judged word by word');
  });

  it('takes a newline as a separator, also after a comment', () => {
    assert.deepEqual(analyseCommandLine('git status\nrm -rf ~').commands, [['git', 'status'], ['rm', '-rf', '~']]);
    assert.deepEqual(analyseCommandLine('git status # just looking\nrm -rf ~').commands, [['git', 'status'], ['rm', '-rf', '~']]);
    assert.deepEqual(analyseCommandLine('git commit -m "line one\nline two"').commands, [['git', 'commit', '-m', 'line one\nline two']]);
    assert.deepEqual(analyseCommandLine('git \\\nstatus').commands, [['git', 'status']], 'a line continuation joins the lines');
  });

  it('marks substitutions, expansions and redirections as opaque, and still finds the commands inside', () => {
    const dollar = analyseCommandLine('echo $(rm -rf ~)');
    assert.equal(dollar.opaque, true);
    assert.ok(dollar.commands.some((c) => c[0] === 'rm'), JSON.stringify(dollar.commands));
    const quoted = analyseCommandLine('echo "$(rm -rf ~)"');
    assert.equal(quoted.opaque, true);
    const backticks = analyseCommandLine('echo `rm -rf ~`');
    assert.equal(backticks.opaque, true);
    assert.ok(backticks.commands.some((c) => c.join(' ') === 'rm -rf ~'), JSON.stringify(backticks.commands));
    const inDouble = analyseCommandLine('echo "x `rm -rf ~` y"');
    assert.equal(inDouble.opaque, true);
    assert.ok(inDouble.commands.some((c) => c[0] === 'rm'));
    for (const line of ['git status > out.txt', 'git status 2>&1', 'cat < /etc/passwd', 'cat <<EOF', 'diff <(ls) x', 'echo $HOME', 'echo ${HOME}', 'LD_PRELOAD=/tmp/x.so git status']) {
      assert.equal(analyseCommandLine(line).opaque, true, line);
    }
  });

  it('judges ordinary lines word by word (not opaque)', () => {
    for (const line of ['git status', 'npm test -- --grep "a b"', 'ls -la src | wc -l', 'cd sub && (npm test; npm run lint)', "git commit -m 'fix: `x` #3'", 'git log --oneline -5 # recent', 'npm run build \\\n  && npm test']) {
      const result = analyseCommandLine(line);
      assert.equal(result.opaque, false, `${line}: ${result.reasons.join(', ')}`);
    }
    assert.deepEqual(analyseCommandLine('npm test -- --grep "a b"').parsed, [['npm', 'test', '--', '--grep', 'a b']]);
  });

  it('marks what bash reads differently from plain words as opaque: name[, a leading glob, {a,b}, reserved words, syntax errors', () => {
    for (const line of ['echo a[1]', 'ls *.ts', 'echo {a,b}', 'if x; then y; fi', '{ a; }', '! a', 'a &&', '( a', 'a )', '; a', 'a ( b )', 'x\\']) {
      assert.equal(analyseCommandLine(line).opaque, true, line);
    }
    assert.deepEqual(analyseCommandLine('if git status; then rm -rf x; fi').commands, [['git', 'status'], ['rm', '-rf', 'x']], 'reject rules still see the commands');
  });

  it('leaves single-quoted specials alone', () => {
    const result = analyseCommandLine(`echo '$(rm -rf ~)' '\`x\`' 'a;b'`);
    assert.deepEqual(result.commands, [['echo', '$(rm -rf ~)', '`x`', 'a;b']]);
    // A backtick inside single quotes is literal (bash runs nothing): the line can be judged word by word.
    assert.equal(result.opaque, false, result.reasons.join());
    assert.equal(analyseCommandLine('echo "`x`"').opaque, true, 'in double quotes a backtick runs a command');
  });

  it('looks into sh -c scripts, subshells and wrappers', () => {
    const shell = analyseCommandLine(`bash -c 'git status; rm -rf /'`);
    assert.deepEqual(shell.commands, [['bash', '-c', 'git status; rm -rf /'], ['git', 'status'], ['rm', '-rf', '/']]);
    assert.deepEqual(analyseCommandLine('(cd x; rm y)').commands, [['cd', 'x'], ['rm', 'y']]);
    assert.deepEqual(analyseCommandLine('sudo -u root rm -rf /').commands, [['sudo', '-u', 'root', 'rm', '-rf', '/'], ['rm', '-rf', '/']]);
    assert.ok(analyseCommandLine('env FOO=1 rm -rf /').commands.some((c) => c.join(' ') === 'rm -rf /'));
    assert.ok(analyseCommandLine('timeout 5 rm -rf /').commands.some((c) => c.join(' ') === 'rm -rf /'));
  });

  it('reads an argv list as one command, unwrapping a shell launcher', () => {
    assert.deepEqual(analyseArgv(['git', 'status']).commands, [['git', 'status']]);
    assert.equal(analyseArgv(['echo', '$(x)']).opaque, false, 'no shell: the words are passed as they are');
    const codex = analyseArgv(['/bin/bash', '-lc', 'echo from-shell; cat hello.txt']);
    assert.deepEqual(codex.commands, [['echo', 'from-shell'], ['cat', 'hello.txt']]);
  });
});
