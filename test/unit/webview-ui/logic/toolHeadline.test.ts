import assert from 'node:assert/strict';
import { baseName, commandExit, exitText, headlineText, titleAddsToHeadline, toolHeadline, type HeadlineInput } from '../../../../webview-ui/src/logic/toolHeadline';
import { decisionText } from '../../../../webview-ui/src/logic/permissionDecision';
import { currentStep, shownPriority } from '../../../../webview-ui/src/logic/planStatus';

function call(fields: Partial<HeadlineInput>): HeadlineInput {
  return { title: '', toolKind: 'other', status: 'completed', content: [], locations: [], ...fields };
}

describe('tool card headline', () => {
  it('an edit: past-tense verb, the file name (not its folders), the +/- counts', () => {
    const headline = toolHeadline(
      call({
        title: 'Edit /home/user/project/src/components/very/deep/folder/hello.js',
        toolKind: 'edit',
        content: [{ type: 'diff', path: '/home/user/project/src/components/very/deep/folder/hello.js', oldText: 'a\nb\n', newText: 'a\nB\nc\nd\n' }],
        locations: [{ path: '/home/user/project/src/components/very/deep/folder/hello.js' }],
      }),
    );
    assert.equal(headline.verb, 'Edited');
    assert.equal(headline.subject, 'hello.js');
    assert.equal(headline.more, 0);
    assert.deepEqual([headline.added, headline.removed], [3, 1]);
    assert.equal(headlineText(headline), 'Edited hello.js');
  });

  it('tenses follow the status: pending or asking "Edit", running "Editing"; a new file is "Created"', () => {
    const edit = (status: string, oldText: string | null = 'x') =>
      toolHeadline(call({ toolKind: 'edit', status, content: [{ type: 'diff', path: 'a.ts', oldText, newText: 'y' }] }));
    assert.equal(edit('pending').verb, 'Edit');
    assert.equal(edit('in_progress').verb, 'Editing');
    assert.equal(toolHeadline(call({ toolKind: 'edit', status: 'in_progress', locations: [{ path: 'a.ts' }] }), { asking: true }).verb, 'Edit');
    assert.equal(edit('completed', null).verb, 'Created');
    assert.equal(edit('failed').verb, 'Edit');
  });

  it('several files: the first named, "+n more"', () => {
    const headline = toolHeadline(call({ toolKind: 'read', locations: [{ path: 'src/a.ts' }, { path: 'src/b.ts' }, { path: 'src/a.ts' }] }));
    assert.equal(headline.subject, 'a.ts');
    assert.equal(headline.more, 1);
    assert.equal(headline.added, undefined, 'no diff, no counts');
    assert.equal(headlineText(headline), 'Read a.ts and 1 more');
  });

  it('a command: "Ran `npm test`" from the raw input, the terminal\'s command line, or a shell argv', () => {
    const ran = toolHeadline(call({ toolKind: 'execute', title: 'Terminal', rawInput: { command: 'npm test' } }));
    assert.deepEqual([ran.verb, ran.subject, ran.command], ['Ran', 'npm test', true]);
    assert.equal(headlineText(ran), 'Ran `npm test`');
    assert.equal(toolHeadline(call({ toolKind: 'execute', status: 'in_progress', title: 'Terminal' }), { terminalCommand: 'make -j2' }).subject, 'make -j2');
    assert.equal(toolHeadline(call({ toolKind: 'execute', status: 'in_progress' }), { terminalCommand: 'make' }).verb, 'Running');
    assert.equal(toolHeadline(call({ toolKind: 'execute', status: 'failed', rawInput: { command: 'make' } }), { exited: true }).verb, 'Ran', 'a command that exited non-zero ran');
    assert.equal(toolHeadline(call({ toolKind: 'execute', status: 'failed', rawInput: { command: 'make' } })).verb, 'Run', 'a rejected one did not');
    const subject = (rawInput: unknown): string => toolHeadline(call({ toolKind: 'execute', title: 'T', rawInput })).subject;
    assert.equal(subject({ command: ['/bin/bash', '-lc', 'cat hello.txt'] }), 'cat hello.txt');
    assert.equal(subject({ command: ['git', 'commit', '-m', 'two words'] }), "git commit -m 'two words'");
    assert.equal(subject({ command: 'echo', args: ['a b', 'c'] }), "echo 'a b' c");
    assert.equal(subject({ command: 42 }), 'T');
    assert.equal(toolHeadline(call({ toolKind: 'execute', rawInput: { command: 'one\ntwo' } })).subject, 'one …', 'the first line of a script');
  });

  it('without a file or a command: the agent\'s title, no verb', () => {
    const headline = toolHeadline(call({ toolKind: 'think', title: 'Planning the change' }));
    assert.deepEqual([headline.verb, headline.subject], [undefined, 'Planning the change']);
    assert.equal(toolHeadline(call({ toolKind: 'edit', title: '  ' })).subject, 'Tool call');
    assert.equal(toolHeadline(call({ toolKind: 'execute', title: 'Run something' })).subject, 'Run something');
  });

  it('the agent\'s title goes to the details only when it says more', () => {
    const headline = toolHeadline(call({ toolKind: 'read', title: 'Read lines 1-20 of a.ts', locations: [{ path: 'a.ts' }] }));
    assert.equal(titleAddsToHeadline('Read lines 1-20 of a.ts', headline), true);
    assert.equal(titleAddsToHeadline('Read a.ts', headline), false);
    assert.equal(titleAddsToHeadline('a.ts', headline), false);
  });

  it('baseName of either separator', () => {
    assert.equal(baseName('C:\\work\\a.ts'), 'a.ts');
    assert.equal(baseName('/x/y/'), 'y');
    assert.equal(baseName('plain'), 'plain');
  });

  it('a command\'s exit: the terminal\'s, else the agent\'s exit_code; nothing shown for 0', () => {
    assert.equal(exitText(commandExit({ exit_code: 2 })), 'exit 2');
    assert.equal(exitText(commandExit({ exitCode: 0 })), undefined);
    assert.equal(exitText(commandExit(undefined, { exitCode: null, signal: 'SIGTERM' })), 'killed (SIGTERM)');
    assert.equal(exitText(commandExit({ exit_code: 'x' })), undefined);
    // An end with no exit code (claude-agent-acp's background commands) is no failure to show.
    assert.equal(exitText(commandExit(undefined, { exitCode: null, signal: null })), undefined);
  });
});

describe('policy decision on a card', () => {
  it('names the level or the rule that decided', () => {
    assert.equal(decisionText({ decision: 'allow', rule: 'level "allowReads": reads and searches in the workspace' }), 'Allowed by your permission level (reads and searches in the workspace)');
    assert.equal(decisionText({ decision: 'reject', rule: 'user rule 2: no rm -rf' }), 'Rejected by your rule: no rm -rf');
    assert.equal(decisionText({ decision: 'allow', rule: 'workspace rule 1: npm test' }), "Allowed by this workspace's rule: npm test");
    assert.equal(decisionText({ decision: 'allow', rule: 'something else' }), 'Allowed by something else');
  });
});

describe('plan rows', () => {
  it('a priority shows only when it stands out', () => {
    assert.equal(shownPriority('medium', ['medium', 'high']), undefined);
    assert.equal(shownPriority('low', ['low', 'high']), undefined);
    assert.equal(shownPriority('high', ['medium', 'high'])?.label, 'High');
    assert.equal(shownPriority('high', ['high', 'high']), undefined);
    assert.equal(shownPriority('_urgent', ['_urgent'])?.label, '_urgent', 'unknown priorities as they came');
  });

  it('the folded plan names the step it is at', () => {
    const items = [
      { content: 'a', status: 'completed' },
      { content: 'b', status: 'pending' },
      { content: 'c', status: 'in_progress' },
    ];
    assert.equal(currentStep(items)?.content, 'c');
    assert.equal(currentStep(items.slice(0, 2))?.content, 'b');
    assert.equal(currentStep(items.slice(0, 1)), undefined);
  });
});
