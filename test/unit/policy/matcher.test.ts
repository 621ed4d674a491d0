import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { levelRules } from '../../../src/policy/levels';
import { decidingRule, ruleMatches } from '../../../src/policy/matcher';
import { parseRules } from '../../../src/policy/parseRules';
import { resolveFacts } from '../../../src/policy/resolveFacts';
import type { PolicyRule, RuleSetting, ToolCallFacts } from '../../../src/policy/rules';
import { analyseCommandLine } from '../../../src/policy/shellCommand';
import type { ToolCallDescription } from '../../../src/policy/toolCallFacts';

function rules(settings: RuleSetting[], source: 'user' | 'workspace' = 'user'): PolicyRule[] {
  const parsed = parseRules(settings, source, { home: '/home/me' });
  assert.deepEqual(parsed.problems, []);
  return parsed.rules;
}

function rule(setting: RuleSetting): PolicyRule {
  return rules([setting])[0];
}

function commandFacts(line: string, agentId = 'claude'): ToolCallFacts {
  return { agentId, toolCallId: 't1', title: line, kind: 'execute', paths: [], roots: [], command: analyseCommandLine(line) };
}

describe('policy: the matcher', () => {
  describe('commands', () => {
    const gitStatus = rule({ decision: 'allow', kind: 'execute', command: 'git status' });

    it('allows exactly the command of the rule', () => {
      assert.equal(ruleMatches(gitStatus, commandFacts('git status')), true);
      assert.equal(ruleMatches(gitStatus, commandFacts('  git   status  ')), true);
      assert.equal(ruleMatches(gitStatus, commandFacts('git "status"')), true, 'quotes are read as the shell reads them');
      assert.equal(ruleMatches(gitStatus, commandFacts('git status --porcelain')), false, 'no lone * at the end: no more words');
    });

    it('never allows a chain that runs something else', () => {
      for (const line of [
        'git status; rm -rf ~',
        'git status && x',
        'git status || x',
        'git status | sh',
        'git status & rm -rf ~',
        'git status\nrm -rf ~',
        'git status # fine\nrm -rf ~',
        'git status $(rm -rf ~)',
        'git status "$(rm -rf ~)"',
        'git status `rm -rf ~`',
        'git status > ~/.bashrc',
        'git status 2>&1',
        'FOO=bar git status',
        'git status $HOME',
        '/tmp/evil/git status',
        "bash -c 'git status'",
      ]) {
        assert.equal(ruleMatches(gitStatus, commandFacts(line)), false, line);
      }
    });

    it('allows a chain when every command in it is allowed', () => {
      const both = rule({ decision: 'allow', command: ['git status', 'git diff *'] });
      assert.equal(ruleMatches(both, commandFacts('git status && git diff --stat')), true);
      assert.equal(ruleMatches(both, commandFacts('git status && git diff --stat && git push')), false);
    });

    it('keeps quoted operators inside their argument', () => {
      const commit = rule({ decision: 'allow', command: 'git commit -m *' });
      assert.equal(ruleMatches(commit, commandFacts('git commit -m "a; rm -rf ~ && b | c"')), true);
      assert.equal(ruleMatches(commit, commandFacts("git commit -m 'x' ; rm -rf ~")), false);
      assert.equal(ruleMatches(commit, commandFacts('git commit -m "$(rm -rf ~)"')), false);
    });

    it('matches a lone * at the end as any further words and * inside a word within that word', () => {
      const npm = rule({ decision: 'allow', command: 'npm run *' });
      assert.equal(ruleMatches(npm, commandFacts('npm run')), true);
      assert.equal(ruleMatches(npm, commandFacts('npm run test -- --grep x')), true);
      assert.equal(ruleMatches(npm, commandFacts('npm install')), false);
      const format = rule({ decision: 'allow', command: 'git log --format=*' });
      assert.equal(ruleMatches(format, commandFacts('git log --format=%H')), true);
      assert.equal(ruleMatches(format, commandFacts('git log --format=%H extra')), false);
    });

    it('rejects when any command of the line matches, wherever it hides', () => {
      const rmRf = rule({ decision: 'reject', command: ['rm -rf *', 'rm -fr *'] });
      for (const line of [
        'rm -rf ~',
        'git status; rm -rf ~',
        'git status && rm -rf /',
        'echo $(rm -rf ~)',
        'echo "$(rm -rf ~)"',
        'echo `rm -rf ~`',
        "bash -lc 'cd /; rm -rf *'",
        '/bin/rm -rf build',
        'sudo rm -rf /',
        'sudo -u root rm -rf /',
        'env A=1 rm -rf /',
        'x\nrm -fr ~',
      ]) {
        assert.equal(ruleMatches(rmRf, commandFacts(line)), true, line);
      }
      assert.equal(ruleMatches(rmRf, commandFacts('rm file.txt')), false);
      assert.equal(ruleMatches(rmRf, commandFacts("echo 'rm -rf ~'")), false, 'a quoted string is an argument, not a command');
    });

    it('reads a # inside a word as bash does: part of the word, not a comment (issue 18)', () => {
      assert.equal(ruleMatches(gitStatus, commandFacts('git status#; rm -rf x')), false, 'git status#; rm -rf x');
      assert.deepEqual(analyseCommandLine('git status#; rm -rf x').parsed, [['git', 'status#'], ['rm', '-rf', 'x']]);
      const rmRf = rule({ decision: 'reject', command: 'rm -rf *' });
      assert.equal(ruleMatches(rmRf, commandFacts('echo x#; rm -rf ~')), true, 'echo x#; rm -rf ~');
      assert.equal(ruleMatches(rmRf, commandFacts('echo x #; rm -rf ~')), false, 'a # that starts a word is a comment');
    });

    it("makes the README's example rules safe as written", () => {
      const readme = rules([
        { decision: 'allow', kind: 'execute', command: ['git status', 'git diff *', 'git log *'] },
        { decision: 'reject', command: ['rm -rf *', 'rm -fr *', 'git push --force *'], description: 'never' },
      ]);
      const decided = (line: string): string | undefined => decidingRule(readme, commandFacts(line))?.decision;
      for (const line of ['git status', 'git diff', 'git diff --stat src', 'git log --oneline -5', 'git status && git diff HEAD~1']) {
        assert.equal(decided(line), 'allow', line);
      }
      for (const line of [
        'git diff --output=/tmp/x',
        'git diff --output /tmp/x',
        'git diff --out=/tmp/x',
        'git diff --ext-diff',
        'git log -p --output=/tmp/x',
        'git log --textconv -p',
        'git diff --textconv HEAD',
        'git -c diff.external=/tmp/evil diff',
        'git diff *',
        'git diff {--output=x,y}',
      ]) {
        assert.equal(decided(line), undefined, line);
      }
      assert.equal(decided('git push --force origin main'), 'reject');
      assert.equal(decided('echo x#; rm -rf ~'), 'reject');
      assert.equal(decided('git status#; rm -rf x'), 'reject');
    });

    it('lets a pattern that spells out a write/run option allow it, and only that one', () => {
      const output = rule({ decision: 'allow', command: 'git diff --output=* *' });
      assert.equal(ruleMatches(output, commandFacts('git diff --output=patch.diff HEAD')), true);
      assert.equal(ruleMatches(output, commandFacts('git diff --output=patch.diff --ext-diff')), false);
      const inPlace = rule({ decision: 'allow', command: 'sed -i *' });
      assert.equal(ruleMatches(inPlace, commandFacts("sed -i 's/a/b/' file.txt")), true);
      assert.equal(ruleMatches(inPlace, commandFacts("sed -i 's/a/b/w /tmp/x' file.txt")), false);
      const awkProgram = rule({ decision: 'allow', command: "awk '{print $1}' *" });
      assert.equal(ruleMatches(awkProgram, commandFacts("awk '{print $1}' a.txt b.txt")), true);
      assert.equal(ruleMatches(rule({ decision: 'allow', command: 'awk *' }), commandFacts("awk '{print $1}' a.txt")), false);
      const reject = rule({ decision: 'reject', command: 'find *' });
      assert.equal(ruleMatches(reject, commandFacts('find . -delete')), true, 'reject and ask rules are not narrowed');
    });

    it('does not match a tool call without a command', () => {
      assert.equal(ruleMatches(gitStatus, { ...commandFacts('x'), command: undefined }), false);
    });
  });

  describe('agent, kind, title and tool name', () => {
    const facts: ToolCallFacts = { agentId: 'claude-code', toolCallId: 't', title: 'Fetch https://example.com/docs', kind: 'fetch', toolName: 'WebFetch', paths: [], roots: [] };

    it('matches each condition, all of them together', () => {
      assert.equal(ruleMatches(rule({ decision: 'allow', agent: 'claude*' }), facts), true);
      assert.equal(ruleMatches(rule({ decision: 'allow', agent: ['codex', 'gemini'] }), facts), false);
      assert.equal(ruleMatches(rule({ decision: 'allow', kind: ['fetch', 'read'] }), facts), true);
      assert.equal(ruleMatches(rule({ decision: 'allow', kind: 'edit' }), facts), false);
      assert.equal(ruleMatches(rule({ decision: 'allow', title: 'fetch https://example.com/*' }), facts), true, 'titles: case-insensitive, * spans slashes');
      assert.equal(ruleMatches(rule({ decision: 'allow', tool: 'WebFetch' }), facts), true);
      assert.equal(ruleMatches(rule({ decision: 'allow', tool: 'Bash' }), facts), false);
      assert.equal(ruleMatches(rule({ decision: 'allow', kind: 'fetch', agent: 'codex' }), facts), false);
    });
  });

  describe('paths, with real files', () => {
    let scratch: string;
    let root: string;
    let outside: string;

    before(() => {
      scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-policy-')));
      root = path.join(scratch, 'project');
      outside = path.join(scratch, 'outside');
      fs.mkdirSync(path.join(root, 'src'), { recursive: true });
      fs.mkdirSync(path.join(root, 'test'), { recursive: true });
      fs.mkdirSync(outside);
      fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'a');
      fs.writeFileSync(path.join(outside, 'secret.txt'), 's');
      fs.symlinkSync(outside, path.join(root, 'src', 'escape'));
      fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'test', 'link.txt'));
    });

    after(() => fs.rmSync(scratch, { recursive: true, force: true }));

    function fileFacts(kind: string, ...paths: string[]): Promise<ToolCallFacts> {
      const description: ToolCallDescription = { toolCallId: 't', title: `${kind} ${paths.join(' ')}`, kind, paths };
      return resolveFacts(description, { agentId: 'claude', cwd: root, roots: [root] });
    }

    it('allows files matching the globs, relative to the workspace folder or the cwd', async () => {
      const tests = rule({ decision: 'allow', kind: 'edit', paths: ['test/**', 'src/*.ts'] });
      assert.equal(ruleMatches(tests, await fileFacts('edit', path.join(root, 'test', 'new.test.ts'))), true);
      assert.equal(ruleMatches(tests, await fileFacts('edit', 'src/a.ts')), true, 'relative to the cwd');
      assert.equal(ruleMatches(tests, await fileFacts('edit', 'src/a.ts', 'README.md')), false, 'every path must match an allow rule');
      assert.equal(ruleMatches(tests, await fileFacts('edit')), false, 'an allow rule with paths needs a path');
    });

    it('catches .. segments that climb out of the workspace', async () => {
      const inside = rule({ decision: 'allow', inWorkspace: true });
      const tests = rule({ decision: 'allow', paths: 'test/**' });
      const climbing = await fileFacts('edit', 'test/../../outside/secret.txt');
      assert.equal(climbing.paths[0].inside, false);
      assert.equal(ruleMatches(inside, climbing), false);
      assert.equal(ruleMatches(tests, climbing), false);
      assert.equal(ruleMatches(tests, await fileFacts('edit', 'test/../src/a.ts')), false, '.. is resolved before the glob');
    });

    it('follows symlinks that lead outside the roots', async () => {
      const inside = rule({ decision: 'allow', inWorkspace: true });
      const srcAll = rule({ decision: 'allow', paths: 'src/**' });
      const throughDir = await fileFacts('read', path.join(root, 'src', 'escape', 'secret.txt'));
      assert.equal(throughDir.paths[0].real, path.join(outside, 'secret.txt'));
      assert.equal(ruleMatches(inside, throughDir), false);
      assert.equal(ruleMatches(srcAll, throughDir), false);
      const newFileThroughLink = await fileFacts('edit', path.join(root, 'src', 'escape', 'new', 'file.txt'));
      assert.equal(newFileThroughLink.paths[0].inside, false, 'a file to be created is judged by the folder it lands in');
      const fileLink = await fileFacts('edit', 'test/link.txt');
      assert.equal(ruleMatches(rule({ decision: 'allow', paths: 'test/**' }), fileLink), false);
      assert.equal(ruleMatches(inside, await fileFacts('read', 'src/a.ts')), true);
    });

    it('rejects when any path matches, as asked for or where it leads', async () => {
      const outsideReject = rule({ decision: 'reject', inWorkspace: false });
      assert.equal(ruleMatches(outsideReject, await fileFacts('read', 'src/a.ts', 'src/escape/secret.txt')), true);
      assert.equal(ruleMatches(outsideReject, await fileFacts('read', 'src/a.ts')), false);
      const secrets = rule({ decision: 'reject', paths: ['**/secret.txt', '**/.env'] });
      assert.equal(ruleMatches(secrets, await fileFacts('read', 'src/escape/secret.txt')), true);
      const absolute = rule({ decision: 'reject', paths: `${outside}/**` });
      assert.equal(ruleMatches(absolute, await fileFacts('read', 'test/link.txt')), true, 'the real path of a link is matched too');
      const linkName = rule({ decision: 'ask', paths: 'test/link.txt' });
      assert.equal(ruleMatches(linkName, await fileFacts('read', 'test/link.txt')), true, 'so is the path as asked for');
    });

    it('lets the levels allow reads and edits inside the workspace only', async () => {
      const reads = levelRules('allowReads');
      const edits = levelRules('allowWorkspaceEdits');
      assert.equal(decidingRule(reads, await fileFacts('read', 'src/a.ts'))?.decision, 'allow');
      assert.equal(decidingRule(reads, await fileFacts('edit', 'src/a.ts')), undefined);
      assert.equal(decidingRule(reads, await fileFacts('read', 'src/escape/secret.txt')), undefined);
      assert.equal(decidingRule(edits, await fileFacts('edit', 'src/a.ts'))?.decision, 'allow');
      assert.equal(decidingRule(edits, await fileFacts('edit', 'test/link.txt')), undefined);
      assert.equal(decidingRule(edits, await fileFacts('delete', 'src/a.ts')), undefined);
    });
  });

  describe('rules together', () => {
    it('lets the strictest matching rule decide: reject over ask over allow', () => {
      const list = rules([
        { decision: 'allow', kind: 'execute', command: 'git *' },
        { decision: 'ask', command: 'git push *' },
        { decision: 'reject', command: 'git push --force *' },
      ]);
      assert.equal(decidingRule(list, commandFacts('git status'))?.index, 0);
      assert.equal(decidingRule(list, commandFacts('git push origin main'))?.index, 1);
      assert.equal(decidingRule(list, commandFacts('git push --force origin'))?.index, 2);
      assert.equal(decidingRule(list, commandFacts('ls')), undefined);
    });

    it('lets a user ask rule win over the level', () => {
      const list = [...rules([{ decision: 'ask', kind: 'read', paths: '**/.env' }]), ...levelRules('allowReads')];
      const facts: ToolCallFacts = {
        agentId: 'a',
        toolCallId: 't',
        title: 'Read .env',
        kind: 'read',
        paths: [{ requested: '/w/.env', real: '/w/.env', inside: true }],
        roots: [{ requested: '/w', real: '/w' }],
      };
      assert.equal(decidingRule(list, facts)?.decision, 'ask');
      assert.equal(decidingRule(levelRules('allowReads'), facts)?.decision, 'allow');
    });
  });
});
