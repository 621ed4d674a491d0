// Output an agent put only in a tool call's raw output, shown as output (not as folded JSON).
import * as assert from 'node:assert/strict';
import { rawCommandOutput, rawOutputToShow } from '../../../../webview-ui/src/logic/commandOutput';

describe('raw output as command output', () => {
  it("reads codex-acp's exec result (0.16: stdout, aggregated and formatted output; 2.x: formatted_output and exit_code)", () => {
    const old = { call_id: 'c', command: ['/bin/bash', '-lc', 'echo hi'], stdout: 'from-shell\n', stderr: '', aggregated_output: 'from-shell\n', exit_code: 0, formatted_output: 'from-shell\n', status: 'completed' };
    assert.deepEqual(rawCommandOutput(old), { text: 'from-shell\n', exitCode: 0 });
    assert.deepEqual(rawCommandOutput({ formatted_output: '', exit_code: 3 }), { text: '', exitCode: 3 });
    assert.deepEqual(rawCommandOutput({ formatted_output: '', aggregated_output: 'late\n', exit_code: 1 }), { text: 'late\n', exitCode: 1 });
  });

  it('reads stdout and stderr, strings, content blocks and nested forms', () => {
    assert.deepEqual(rawCommandOutput({ stdout: 'out', stderr: 'err\n', exitCode: 1 }), { text: 'out\nerr\n', exitCode: 1 });
    assert.deepEqual(rawCommandOutput('from-shell\nhello'), { text: 'from-shell\nhello' });
    assert.deepEqual(rawCommandOutput([{ type: 'text', text: 'Exited with code 0.Final output:\n\nok\n' }]), { text: 'Exited with code 0.Final output:\n\nok\n' });
    assert.deepEqual(rawCommandOutput({ output: { stdout: 'deep', exit_code: 4 } }), { text: 'deep', exitCode: 4 });
    assert.deepEqual(rawCommandOutput({ result: [{ type: 'content', content: { type: 'text', text: 'block' } }] }), { text: 'block' });
    assert.equal(rawCommandOutput({ success: true }), undefined);
    assert.equal(rawCommandOutput(42), undefined);
  });

  it('is shown for a command whose card shows only the permission text, as codex-acp sends it', () => {
    const call = {
      toolKind: 'execute',
      content: [{ type: 'content', content: { type: 'text', text: 'Allow: Echo and cat?\nAvailable Decisions: Approved' } }],
      rawOutput: { stdout: 'from-shell\nhello ACP\n', stderr: '', exit_code: 0, formatted_output: 'from-shell\nhello ACP\n' },
    };
    assert.deepEqual(rawOutputToShow(call), { text: 'from-shell\nhello ACP\n', exitCode: 0 });
    // A read codex ran as `cat`: not an execute call, but its raw output is a command's.
    assert.ok(rawOutputToShow({ toolKind: 'read', content: [], rawOutput: { stdout: 'hello world\n', exit_code: 0 } }));
  });

  it('is not shown when the card shows the output already, or when it is no command output', () => {
    const console = { type: 'content', content: { type: 'text', text: '```console\nfrom-shell\nhello ACP\n```' } };
    assert.equal(rawOutputToShow({ toolKind: 'execute', content: [console], rawOutput: 'from-shell\nhello ACP' }), undefined, 'claude: the same text in a code block');
    assert.equal(rawOutputToShow({ toolKind: 'execute', content: [{ type: 'terminal', terminalId: 't' }], rawOutput: { output: 'x', exitCode: 0 } }), undefined);
    assert.equal(rawOutputToShow({ toolKind: 'edit', content: [{ type: 'diff', path: '/a', newText: 'b' }], rawOutput: { stdout: 'Success. Updated the following files' } }), undefined);
    assert.equal(rawOutputToShow({ toolKind: 'read', content: [], rawOutput: 'file text the agent read' }), undefined, 'not a command');
    assert.equal(rawOutputToShow({ toolKind: 'other', content: [], rawOutput: { content: '# My Project' } }), undefined);
    assert.equal(rawOutputToShow({ toolKind: 'execute', content: [], rawOutput: { stdout: '  ', stderr: '' } }), undefined, 'blank and no exit code');
  });
});
