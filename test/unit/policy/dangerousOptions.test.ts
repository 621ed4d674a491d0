import * as assert from 'node:assert/strict';
import { sedScriptWritesOrRuns, WRITE_OR_RUN_OPTIONS, writeOrRunWords } from '../../../src/policy/dangerousOptions';
import { analyseCommandLine } from '../../../src/policy/shellCommand';

/** The words of the line's command that make it write or run something. */
function flagged(line: string): string[] {
  const [argv] = analyseCommandLine(line).parsed;
  return writeOrRunWords(argv).map((index) => argv[index]);
}

describe('policy: options that make a read-only tool write or run something', () => {
  it('git: --output, --ext-diff, --textconv, --upload-pack, --exec, and -c/--config-env/--exec-path before the subcommand', () => {
    assert.deepEqual(flagged('git diff --output=x HEAD'), ['--output=x']);
    assert.deepEqual(flagged('git log -p --output x'), ['--output']);
    assert.deepEqual(flagged('git diff --outp=x'), ['--outp=x'], 'git accepts abbreviated long options');
    assert.deepEqual(flagged('git diff --ext-diff'), ['--ext-diff']);
    assert.deepEqual(flagged('git show --textconv HEAD:a'), ['--textconv']);
    assert.deepEqual(flagged('git ls-remote --upload-pack=/tmp/x origin'), ['--upload-pack=/tmp/x']);
    assert.deepEqual(flagged('git archive --exec=/tmp/x --remote=r HEAD'), ['--exec=/tmp/x']);
    assert.deepEqual(flagged('git -c core.pager=/tmp/x log'), ['-c']);
    assert.deepEqual(flagged('git -ccore.fsmonitor=/tmp/x status'), ['-ccore.fsmonitor=/tmp/x']);
    assert.deepEqual(flagged('git --config-env=core.pager=X log'), ['--config-env=core.pager=X']);
    assert.deepEqual(flagged('git --exec-path=/tmp status'), ['--exec-path=/tmp']);
    assert.deepEqual(flagged('git grep -O foo'), ['-O']);
    assert.deepEqual(flagged('git grep --open-files-in-pager=vim foo'), ['--open-files-in-pager=vim']);
    for (const line of ['git diff -c HEAD', 'git diff -O order.txt', 'git grep -c foo', 'git -C sub status', 'git log --oneline --output-indicator-new=+', 'git diff -- --output=x', 'git diff --stat']) {
      assert.deepEqual(flagged(line), [], line);
    }
  });

  it('find: -exec, -execdir, -ok, -okdir, -delete, -fprint, -fprint0, -fprintf, -fls', () => {
    for (const option of ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls']) {
      assert.deepEqual(flagged(`find . -name x ${option} y`), [option], option);
    }
    assert.deepEqual(flagged('find . -name "*.ts" -print'), []);
  });

  it('fd: -x, --exec, -X, --exec-batch', () => {
    assert.deepEqual(flagged('fd -e ts -x rm'), ['-x']);
    assert.deepEqual(flagged('fd --exec-batch=rm'), ['--exec-batch=rm']);
    assert.deepEqual(flagged('fdfind -HX rm'), ['-HX']);
    assert.deepEqual(flagged('fd -e ts'), []);
  });

  it('sed: -i/--in-place (also in a cluster), -f, and w, W, e commands or s///w, s///e in the script', () => {
    assert.deepEqual(flagged("sed -i 's/a/b/' f"), ['-i']);
    assert.deepEqual(flagged("sed -i.bak 's/a/b/' f"), ['-i.bak']);
    assert.deepEqual(flagged("sed -ni 's/a/b/p' f"), ['-ni']);
    assert.deepEqual(flagged("sed --in-place 's/a/b/' f"), ['--in-place']);
    assert.deepEqual(flagged('sed -f script.sed f'), ['-f']);
    assert.deepEqual(flagged("sed 's/a/b/w out' f"), ['s/a/b/w out']);
    assert.deepEqual(flagged("sed -n -e '1p' -e 's/x/y/e' f"), ['s/x/y/e']);
    assert.deepEqual(flagged("sed --expression='1w out' f"), ['--expression=1w out']);
    assert.deepEqual(flagged("sed -n '1,5p' f"), []);
    assert.deepEqual(flagged("sed -n '/start/,/end/{p;q}' f"), []);
    assert.deepEqual(flagged("sed -E 's/(hello|world)/e/g;y/abc/xyz/' f"), [], 'an e or w inside a regex or replacement is text');
  });

  it('reads sed scripts conservatively: what it does not know counts as writing or running', () => {
    assert.equal(sedScriptWritesOrRuns('s/a/b/g'), false);
    assert.equal(sedScriptWritesOrRuns('\\%x%d'), false);
    assert.equal(sedScriptWritesOrRuns('$!N;P;D'), false);
    assert.equal(sedScriptWritesOrRuns('1e date'), true);
    assert.equal(sedScriptWritesOrRuns('W out'), true);
    assert.equal(sedScriptWritesOrRuns('s/a/b'), true, 'unterminated');
    assert.equal(sedScriptWritesOrRuns('/x/M p'), true, 'unknown');
  });

  it('sort: -o/--output (also in a cluster), --compress-program', () => {
    assert.deepEqual(flagged('sort -o out.txt in.txt'), ['-o']);
    assert.deepEqual(flagged('sort -uo out.txt in.txt'), ['-uo']);
    assert.deepEqual(flagged('sort --output=out in'), ['--output=out']);
    assert.deepEqual(flagged('sort --compress-program=/tmp/x in'), ['--compress-program=/tmp/x']);
    assert.deepEqual(flagged('sort -u -k2 in.txt'), []);
  });

  it('rg: --pre', () => {
    assert.deepEqual(flagged('rg --pre /tmp/x foo'), ['--pre']);
    assert.deepEqual(flagged('rg --pre-glob "*.gz" foo'), []);
  });

  it('tar: anything but listing', () => {
    assert.deepEqual(flagged('tar -xzf a.tgz'), ['-xzf']);
    assert.deepEqual(flagged('tar xf a.tar'), ['xf']);
    assert.deepEqual(flagged('tar -tf a.tar --to-command=sh'), ['--to-command=sh']);
    assert.deepEqual(flagged('tar -tzvf a.tgz'), []);
  });

  it('awk: the program text and program files (a pattern must spell the program out)', () => {
    assert.deepEqual(flagged("awk '{print $1}' f"), ["{print $1}"]);
    assert.deepEqual(flagged("awk -F: -v x=1 '{print}' f"), ['{print}']);
    assert.deepEqual(flagged('gawk -f prog.awk f'), ['-f']);
    assert.deepEqual(flagged('mawk'), []);
  });

  it('leaves other tools alone, and documents every tool it checks', () => {
    assert.deepEqual(flagged('ls -la --output=x'), []);
    assert.deepEqual(flagged('grep -r -o foo .'), []);
    const documented = new Set(WRITE_OR_RUN_OPTIONS.flatMap((entry) => entry.programs.map((program) => program.split(' ')[0])));
    for (const program of ['git', 'find', 'fd', 'fdfind', 'sed', 'sort', 'rg', 'tar', 'awk', 'gawk', 'mawk', 'nawk']) assert.ok(documented.has(program), program);
  });
});
