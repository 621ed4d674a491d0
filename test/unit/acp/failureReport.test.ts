import * as assert from 'node:assert/strict';
import { ResponseError } from 'vscode-jsonrpc/node';
import { AgentFailure, describeFailure, reportOf } from '../../../src/acp/failureMessage';
import { packageRunnerOf, parseStartingMessage } from '../../../src/shared/protocol/startingProtocol';

describe('a failure in words: the sentence first, the agent’s error and stderr behind Details', () => {
  it('says which agent, what failed and what to do; the code, data and stderr tail are the details', () => {
    const error = new ResponseError(-32603, 'Internal error', 'Query closed before response received');
    const report = describeFailure('Claude Code', 'session/new', error, 'starting\nQuery closed\n');
    assert.equal(report.summary, 'Claude Code could not open a session: Internal error. Retry; if it keeps failing, see Details and the agent’s log.');
    assert.equal(report.details, 'Error -32603: Internal error\nData: Query closed before response received\n\nLast lines of its output (stderr):\nstarting\nQuery closed');
  });

  it('shows object data as JSON, bounded; no details when there is nothing more to say', () => {
    const report = describeFailure('Codex', 'prompt', { code: -32000, message: 'Rate limited.', data: { retry: 2, note: 'x'.repeat(10_000) } });
    assert.equal(report.summary, 'Codex could not answer: Rate limited. Retry, or Edit your message and send it again.');
    assert.match(report.details ?? '', /^Error -32000: Rate limited\.\nData: \{\n {2}"retry": 2,/);
    assert.ok((report.details ?? '').length < 4100, 'the data is cut');
    assert.deepEqual(describeFailure('Goose', 'session/load', new Error('gone')), { summary: 'Goose could not bring the session back: gone. Retry, or start a new session.' });
  });

  it('keeps the client’s own words about a command it could not run, as part of the sentence', () => {
    const report = describeFailure('Gemini CLI', 'spawn', new Error("The command 'gemini' was not found on PATH; check the acp.agents setting."));
    assert.equal(report.summary, "Gemini CLI could not be started: the command 'gemini' was not found on PATH; check the acp.agents setting.");
  });

  it('an AgentFailure carries its report; any other error is its own sentence', () => {
    const failure = new AgentFailure({ summary: 'A could not open a session: x.', details: 'd' }, 'session/new');
    assert.equal(failure.message, 'A could not open a session: x.', 'a toast of it names the agent');
    assert.deepEqual(reportOf(failure), { summary: 'A could not open a session: x.', details: 'd' });
    assert.deepEqual(reportOf(new Error('plain')), { summary: 'plain' });
  });
});

describe('the start row’s messages and the package runners', () => {
  it('knows the runners that download an agent on its first start', () => {
    assert.equal(packageRunnerOf('npx'), 'npx');
    assert.equal(packageRunnerOf('/usr/local/bin/npx'), 'npx');
    assert.equal(packageRunnerOf('C:\\Program Files\\nodejs\\npx.cmd'), 'npx');
    assert.equal(packageRunnerOf('bunx'), 'bunx');
    assert.equal(packageRunnerOf('gemini'), undefined);
    assert.equal(packageRunnerOf('/opt/npx-tools/agent'), undefined);
  });

  it('parses the view’s failure actions, refusing malformed ones', () => {
    assert.deepEqual(parseStartingMessage({ type: 'retryStart', extra: 1 }), { type: 'retryStart' });
    assert.deepEqual(parseStartingMessage({ type: 'showAgentLog', agentId: 'claude' }), { type: 'showAgentLog', agentId: 'claude' });
    assert.equal(parseStartingMessage({ type: 'showAgentLog', agentId: '' }), undefined);
    assert.equal(parseStartingMessage({ type: 'retryPrompt', entryId: 7 }), undefined);
  });
});
