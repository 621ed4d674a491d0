// A message sent while the chat has no session: it is on screen at once (the start row, "Starting <agent>…"), the
// composer hears so; when the start fails, the failure stays under the message in words (which agent, what failed,
// what to do) with the agent's error data and stderr behind the details, and Retry sends the message once the cause
// is gone. Real child processes: the scripted agent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AgentRuntime } from '../../../src/acp/agentRuntime';
import { clientCapabilitiesFor } from '../../../src/acp/clientCapabilities';
import { NO_CLIENT_FEATURES } from '../../../src/acp/clientRequests';
import { createSessionParts, disposeSessionParts, SessionParts } from '../../../src/chat/sessionParts';
import type { AgentDefinition } from '../../../src/config/agentDefinitions';
import type { PromptParts } from '../../../src/shared/protocol/composerProtocol';
import type { StartingView } from '../../../src/shared/protocol/startingProtocol';
import { placesIn } from '../../../src/session/sessionPlace';

const agentEntry = path.resolve(__dirname, '..', '..', '..', 'src', 'demo', 'main.js');
const scenarios = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'scenarios');

function textOf(parts: SessionParts): string[] {
  return (parts.surfaces.sideBar.session?.state.entries ?? []).map((entry) =>
    entry.kind === 'notice' ? `notice: ${entry.text}` : entry.kind === 'user' || entry.kind === 'agent' ? `${entry.kind}: ${entry.content.map((block) => (block.type === 'text' ? block.text : '')).join('')}` : entry.kind,
  );
}

describe('a message sent before the session exists', function () {
  this.timeout(20_000);
  let dir: string;
  let parts: SessionParts;
  let views: (StartingView | undefined)[];

  async function withAgent(scenario: string, command = process.execPath): Promise<void> {
    parts = createSessionParts({
      createRuntime: (definition) =>
        new AgentRuntime({
          launch: { command: definition.command, args: [agentEntry, '--scenario', path.join(scenarios, `${scenario}.json`), '--pace', '0'], cwd: dir },
          clientInfo: { name: 'unit-test', version: '0' },
          clientCapabilities: clientCapabilitiesFor(NO_CLIENT_FEATURES),
          log: { error: () => undefined, warn: () => undefined, info: () => undefined, log: () => undefined, stderr: () => undefined },
          traffic: { enabled: false, record: () => undefined },
          name: definition.name,
        }),
      placeFor: placesIn(() => [dir], () => dir),
      features: NO_CLIENT_FEATURES,
      log: () => undefined,
    });
    parts.surfaces.sideBar.onDidChangeStarting((view) => views.push(view));
    const definition: AgentDefinition = { id: 'claude', name: 'Claude Code', command, args: [], env: {}, builtIn: false };
    await parts.pool.useAgent(definition);
  }

  const hello: PromptParts = { text: 'hello there', mentions: [], images: [] };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-starting-'));
    views = [];
  });

  afterEach(async () => {
    await disposeSessionParts(parts);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows the message at once while the agent starts, then in the session', async () => {
    await withAgent('hello');
    assert.equal(parts.surfaces.sideBar.agent?.status, 'notStarted', 'an agent that never ran is "Not started", not "Stopped"');
    let onScreen = 0;
    const sent = parts.starter.submitPrompt(parts.surfaces.sideBar, undefined, hello, () => {
      onScreen++;
      assert.equal(parts.surfaces.sideBar.starting?.state, 'starting', 'on screen as the message waiting for its session');
      assert.equal(parts.surfaces.sideBar.starting?.prompt, hello);
      assert.equal(parts.surfaces.sideBar.starting?.agentName, 'Claude Code');
    });
    assert.equal(onScreen, 1, 'the composer hears before the agent has even started');
    await sent;
    assert.equal(parts.surfaces.sideBar.starting, undefined, 'the start row is gone');
    assert.deepEqual(views.at(-1), undefined);
    assert.equal(textOf(parts)[0], 'user: hello there', 'the message is in the session');
  });

  it('a session/new failure stays under the message in words, details behind; Retry then sends it', async () => {
    await withAgent('fault-new-internal');
    // The chat opens a session by itself when it comes on screen: that fails first, with no message.
    await assert.rejects(parts.starter.newSession(parts.surfaces.sideBar), /Claude Code could not open a session: Internal error/);
    assert.equal(parts.surfaces.sideBar.starting?.state, 'failed');
    assert.equal(parts.surfaces.sideBar.starting?.prompt, undefined);
    let onScreen = false;
    await parts.starter.submitPrompt(parts.surfaces.sideBar, undefined, hello, () => (onScreen = true));
    assert.ok(onScreen);
    const failed = parts.surfaces.sideBar.starting;
    assert.equal(failed?.state, 'failed');
    assert.equal(failed?.prompt, hello, 'the message is kept');
    assert.equal(failed?.failure?.summary, "Claude Code could not open a session: Internal error. Retry; if it keeps failing, see Details and the agent’s log.");
    assert.match(failed?.failure?.details ?? '', /^Error -32603: Internal error\nData: Query closed before response received\n\nLast lines of its output \(stderr\):\n[^]*claude-agent: Query closed/);
    assert.equal(parts.surfaces.sideBar.session, undefined, 'no session');
    assert.equal(parts.surfaces.sideBar.agent?.status, 'ready');

    await parts.starter.retryStart(parts.surfaces.sideBar);
    assert.equal(parts.surfaces.sideBar.starting, undefined);
    assert.deepEqual(textOf(parts), ['user: hello there', 'agent: Opened after all: hello there']);
  });

  it('a missing command: the failure names the agent and the command; a second message waits for the first to be dealt with', async () => {
    await withAgent('hello', 'acp-agent-that-does-not-exist');
    await parts.starter.submitPrompt(parts.surfaces.sideBar, undefined, hello);
    const failed = parts.surfaces.sideBar.starting;
    assert.equal(failed?.state, 'failed');
    assert.match(failed?.failure?.summary ?? '', /^Claude Code could not be started: the command 'acp-agent-that-does-not-exist' was not found on PATH/);
    assert.deepEqual(failed?.failure?.missingCommand, { command: 'acp-agent-that-does-not-exist' });
    await assert.rejects(parts.starter.submitPrompt(parts.surfaces.sideBar, undefined, { text: 'another', mentions: [], images: [] }, () => assert.fail('not on screen')), /earlier message was not sent/);
    assert.equal(parts.surfaces.sideBar.starting?.prompt, hello, 'the first message is still there');
    parts.starter.dismissStart(parts.surfaces.sideBar);
    assert.equal(parts.surfaces.sideBar.starting, undefined, 'Edit took it back into the composer');
  });

  it('an initialize error: the agent’s own message and stderr, and the message kept', async () => {
    await withAgent('fault-init-error');
    await parts.starter.submitPrompt(parts.surfaces.sideBar, undefined, hello);
    const failed = parts.surfaces.sideBar.starting;
    assert.equal(failed?.failure?.summary, 'Claude Code started but refused to initialize: internal: model unavailable. See Details for what it said; Retry once the cause is fixed.');
    assert.match(failed?.failure?.details ?? '', /Error -32603: internal: model unavailable\n\nLast lines of its output \(stderr\):\n[^]*warning: no credentials found/);
    assert.equal(parts.surfaces.sideBar.agent?.status, 'failed');
    assert.equal(parts.surfaces.sideBar.agent?.message, failed?.failure?.summary, 'the header has the same sentence');
  });

  it('a failed turn: the notice under the message says so in words and names the message for Retry', async () => {
    await withAgent('fault-prompt-once');
    await parts.starter.submitPrompt(parts.surfaces.sideBar, undefined, hello);
    const entries = parts.surfaces.sideBar.session?.state.entries ?? [];
    const notice = entries.at(-1);
    assert.ok(notice?.kind === 'notice');
    assert.equal(notice.text, 'Claude Code could not answer: Internal error. Retry, or Edit your message and send it again.');
    assert.match(notice.detail ?? '', /^Error -32603: Internal error\nData: \{\n {2}"reason": "rate limit",\n {2}"retryAfterSeconds": 1\n\}\n\nLast lines of its output \(stderr\):\n[^]*upstream: 429 Too Many Requests$/);
    assert.deepEqual(notice.failure, { promptEntryId: entries[0].id });
  });
});
