// Subagents of the maintained Codex adapter (@agentclientprotocol/codex-acp 2.6 on Node 22, Codex 0.166) in the real
// extension host, its model played by the fake Responses API endpoint. The parent's model calls `spawn_agent` and
// `wait_agent` (Codex's `multi_agent_v1` tools); codex-acp announces the child with `subagent_update` and sends the
// child's messages, tool calls and permission requests under the child's own session id. Covered: a child's edit and
// its permission in its own thread (permission log and change ledger name the child), one rejected, the child's thread
// replayed by session/load, and its command's live output and its work cancelled alone.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { AgentMessageEntry, TranscriptEntry } from '../../src/shared/transcript/model';
import { SubagentEntry, canCancelSubagent } from '../../src/shared/transcript/subagentModel';
import { parseChildToolCallRef } from '../../src/shared/transcript/subagentRefs';
import { FakeOpenAi, ScriptStep, applyPatch, functionCall, functionOutputFor, message, multiAgentCall, say } from '../fixtures/fake-openai';
import { CODEX_ACP_26, untilSession } from './helpers/maintainedAgents';
import { useCodexSuite } from './helpers/codexSuite';
import { newSession } from './helpers/realAgent';
import { ProcessWatch, watchProcess, within } from './helpers/realAgentProcess';
import { agentText, answerPermissions, toolCall } from './helpers/realAgentSession';
import { pendingFile, untilReview } from './helpers/review';

const TURN_MS = 60_000;

function children(entries: readonly TranscriptEntry[]): SubagentEntry[] {
  return entries.filter((entry): entry is SubagentEntry => entry.kind === 'subagent');
}

function saidIn(entries: readonly TranscriptEntry[]): string[] {
  return entries.filter((entry): entry is AgentMessageEntry => entry.kind === 'agent').map((entry) => entry.content.map((b) => (b.type === 'text' ? b.text : '')).join(''));
}

/**
 * Resolves with the output of the command the agent runs for tool call `toolCallId` (its `_meta` terminal output, as
 * the chat card shows it) once it matches `pattern`.
 */
function untilOutput(api: AcpExtensionApi, session: Session, toolCallId: string, pattern: RegExp): Promise<string> {
  const text = (): string | undefined => {
    const record = api.terminalOutputs.ofSession(session.key).find((candidate) => candidate.agent?.toolCallId === toolCallId);
    const output = record ? record.process.output.readFrom(0, 1 << 20).text : '';
    return pattern.test(output) ? output : undefined;
  };
  const now = text();
  if (now !== undefined) return Promise.resolve(now);
  return new Promise<string>((resolve) => {
    const subscription = api.terminalOutputs.onDidChange(() => {
      const output = text();
      if (output === undefined) return;
      subscription.dispose();
      resolve(output);
    });
  });
}

describe('the maintained codex-acp (2.6, Node 22) with a fake model: subagents', function () {
  this.timeout(120_000);
  let api: AcpExtensionApi;
  let fake: FakeOpenAi;
  let dir: string;
  let watch: ProcessWatch | undefined;
  const suite = useCodexSuite('codex-acp-26-subagents');
  const { assertScriptPlayed, turn } = suite;

  before(() => {
    ({ api, fake, dir } = suite);
  });

  afterEach(() => {
    watch?.dispose();
    watch = undefined;
  });

  /**
   * The parent's model hands `task` to a subagent, waits for it (`wait_agent`, at most `waitMs`) and goes on; the
   * child's requests (on a thread of its own that names its parent, asking the one fake model at the same time as the
   * parent) are answered by `child`.
   */
  function scriptSubagent(task: string, child: ScriptStep[], waitMs = TURN_MS): void {
    fake.script(
      { output: [message('Handing it to a helper.'), multiAgentCall('spawn_agent', { message: task }, 'call_spawn')] },
      (request) => {
        const spawned = JSON.parse(functionOutputFor(request, 'call_spawn') ?? '{}') as { agent_id?: string };
        return { output: [multiAgentCall('wait_agent', { targets: [spawned.agent_id], timeout_ms: waitMs }, 'call_wait')] };
      },
      say('The parent goes on.'),
    );
    fake.scriptLane('subagent', (request) => request.parentThreadId !== undefined, ...child);
  }

  /** A child that creates `file` with apply_patch (which asks, in the `read-only` mode) and says whether it worked. */
  function childCreates(file: string): ScriptStep[] {
    return [
      { output: [message('Creating it.'), functionCall('exec_command', { cmd: applyPatch(`*** Add File: ${file}\n+made by the child\n`) }, 'call_child_patch')] },
      (request) => say(/Success/.test(functionOutputFor(request, 'call_child_patch') ?? '') ? 'The child made it.' : 'The child failed.'),
    ];
  }

  it('a subagent (spawn_agent) edits a file in its own thread; its permission reaches the user and its work ends idle', async () => {
    const made = path.join(dir, 'child-made.txt');
    const session = await within(newSession(api), TURN_MS, 'no session');
    const task = 'Create child-made.txt';
    scriptSubagent(task, childCreates(made));
    const permissions = answerPermissions(session);
    await turn('Have a helper make the file');
    permissions.dispose();

    assertScriptPlayed();
    assert.deepEqual(permissions.problems, []);
    assert.equal(session.state.header.lastStopReason, 'end_turn');
    const found = children(session.state.entries);
    assert.equal(found.length, 1, `one subagent in the parent's transcript: ${JSON.stringify(found.map((c) => c.description))}`);
    const child = found[0];
    // codex-acp 2.6 (multi-agent v1) gives the child the task as its description and no title.
    assert.equal(child.description, task);
    assert.ok(permissions.asked.includes('call_child_patch'), `the child's edit asked the user (asked: ${permissions.asked.join(', ')})`);
    assert.ok(!session.state.entries.some((entry) => entry.kind === 'tool_call' && entry.toolCallId === 'call_child_patch'), "the child's edit is not in the parent's transcript");
    const edit = child.entries.find((entry) => entry.kind === 'tool_call' && entry.toolCallId === 'call_child_patch');
    assert.ok(edit?.kind === 'tool_call', `the child's edit is in its thread: ${JSON.stringify(child.entries.map((e) => e.kind))}`);
    assert.equal(edit.toolKind, 'edit');
    assert.equal(edit.status, 'completed');
    assert.equal(edit.permission, undefined, 'the prompt was answered');
    assert.ok(edit.content.some((c) => c.type === 'diff'), `the child's card carries the diff: ${JSON.stringify(edit.content)}`);
    const logged = api.policy.audit.all().filter((item) => item.sessionId === child.childSessionId);
    assert.deepEqual(logged.map((item) => item.subagent), [task], 'the permission log names the child');
    assert.equal(fs.readFileSync(made, 'utf8'), 'made by the child\n');
    assert.deepEqual(saidIn(child.entries), ['Creating it.', 'The child made it.']);
    assert.deepEqual([child.state?.state, child.state?.stopReason, child.waiting], ['idle', 'end_turn', 0], 'the child ended idle, waiting for nobody');
    assert.equal(toolCall(session, 'call_wait').status, 'completed', "the parent's wait for the child completed");
    assert.match(agentText(session), /The parent goes on\./);
    assert.doesNotMatch(agentText(session), /The child made it/, "the child's words stay in its thread");

    await untilReview(api, () => pendingFile(api, made), 'the file the child made in the ledger');
    await api.review.service.settled();
    const refs = (pendingFile(api, made)?.toolCallIds ?? []).map(parseChildToolCallRef);
    assert.deepEqual(refs, [{ childSessionId: child.childSessionId, toolCallId: 'call_child_patch', title: task }], 'the ledger names the child as the author');
  });

  it("a rejected edit of the subagent leaves the file alone: the child's card fails, the child ends, the parent goes on", async () => {
    const kept = path.join(dir, 'never-made.txt');
    const session = await within(newSession(api), TURN_MS, 'no session');
    // codex-acp 2.6 ends the child's turn (cancelled) on a reject and, as for a cancel, does not wake the parent's wait:
    // it times out (10 s, Codex's minimum).
    const [create] = childCreates(kept);
    scriptSubagent('Create never-made.txt', [create], 10_000);
    const permissions = answerPermissions(session, 'reject_once');
    await turn('Have a helper make the file');
    permissions.dispose();

    assertScriptPlayed();
    assert.deepEqual(permissions.problems, []);
    assert.deepEqual(permissions.asked, ['call_child_patch']);
    assert.equal(fs.existsSync(kept), false);
    const [child] = children(session.state.entries);
    const edit = child.entries.find((entry) => entry.kind === 'tool_call' && entry.toolCallId === 'call_child_patch');
    assert.ok(edit?.kind === 'tool_call');
    assert.equal(edit.status, 'failed');
    assert.equal(edit.permission, undefined);
    assert.deepEqual([child.state?.state, child.state?.stopReason, child.waiting], ['idle', 'cancelled', 0]);
    assert.equal(session.state.header.lastStopReason, 'end_turn');
    assert.match(agentText(session), /The parent goes on\./);
  });

  it("a closed session comes back with session/load with its subagent's thread replayed, and goes on", async () => {
    const made = path.join(dir, 'reloaded-child.txt');
    const session = await within(newSession(api), TURN_MS, 'no session');
    const task = 'Create reloaded-child.txt';
    scriptSubagent(task, childCreates(made));
    const permissions = answerPermissions(session);
    await turn('Have a helper make the file');
    permissions.dispose();
    assertScriptPlayed();
    const sessionId = session.sessionId;
    const key = api.sessions.currentKey;
    assert.ok(key);
    await api.sessions.close(key);

    await within(api.history.showHistory(), TURN_MS, 'the history did not load');
    await within(api.history.open(CODEX_ACP_26.id, sessionId), TURN_MS, 'session/load did not finish');
    const back = api.sessions.find(CODEX_ACP_26.id, sessionId);
    assert.ok(back, 'the session is open again');
    const replayed = back.session;
    const found = children(replayed.state.entries);
    assert.deepEqual(found.map((child) => child.description), [task], "the child's entry is back in the parent's transcript");
    const child = found[0];
    const edit = child.entries.find((entry) => entry.kind === 'tool_call' && entry.toolCallId === 'call_child_patch');
    assert.ok(edit?.kind === 'tool_call', `the child's edit is back in its thread: ${JSON.stringify(child.entries.map((e) => e.kind))}`);
    assert.equal(edit.status, 'completed');
    assert.ok(edit.content.some((c) => c.type === 'diff'), "the replayed card carries the child's diff");
    assert.deepEqual(saidIn(child.entries), ['Creating it.', 'The child made it.']);
    assert.equal(child.state?.state, 'idle');
    assert.equal(child.waiting, 0);
    assert.ok(!replayed.state.entries.some((entry) => entry.kind === 'tool_call' && entry.toolCallId === 'call_child_patch'), "the child's edit is not replayed into the parent's transcript");
    assert.match(agentText(replayed), /The parent goes on\./);
    assert.doesNotMatch(agentText(replayed), /The child made it/);

    fake.script(say('Still here.'));
    await turn('And now?');
    assert.match(agentText(replayed), /Still here\./);
  });

  it("a subagent's command shows its output live in its card; the user cancels the child's work alone: the child ends cancelled, the parent goes on", async () => {
    const running = watchProcess();
    watch = running;
    const session = await within(newSession(api), TURN_MS, 'no session');
    // The parent waits at most 10 s (Codex's minimum): codex-acp 2.6 does not end the parent's wait when the child is
    // cancelled (the wait times out), and Codex lets the cancelled command run to its end (5 s here). Codex never
    // sends a command's first line live (test/fixtures/traces/codex-acp-2.6-live-output): the second one is looked for.
    const cmd = `echo started; sleep 1; echo second; sleep 5 ${running.redirect}`;
    scriptSubagent('Sleep a while', [{ output: [message('Sleeping.'), functionCall('exec_command', { cmd, yield_time_ms: 30_000 }, 'call_child_sleep')] }], 10_000);
    const ended = turn('Have a helper sleep');
    await within(running.opened, TURN_MS, "the child's command never started");
    const live = await within(untilOutput(api, session, 'call_child_sleep', /second/), TURN_MS, "the child's command output never reached its card");
    assert.doesNotMatch(live, /slept/);
    const child = await within(untilSession(session, () => children(session.state.entries).find((entry) => entry.entries.some((e) => e.kind === 'tool_call' && e.toolCallId === 'call_child_sleep'))), TURN_MS, "the child's command has no card in its thread");
    assert.ok(canCancelSubagent(child), `the child can be cancelled alone: ${JSON.stringify(child.capabilities)}`);
    assert.equal(session.state.header.turn, 'running');

    await session.cancelSubagent(child.childSessionId);
    const stopped = await within(untilSession(session, () => children(session.state.entries).find((entry) => entry.state?.state === 'idle')), TURN_MS, 'the child did not stop');
    assert.equal(stopped.state?.stopReason, 'cancelled');
    const card = stopped.entries.find((entry) => entry.kind === 'tool_call' && entry.toolCallId === 'call_child_sleep');
    assert.ok(card?.kind === 'tool_call');
    assert.notEqual(card.status, 'in_progress', "the child's card does not spin on");
    assert.equal(session.state.header.turn, 'running', "the parent's turn goes on");

    await ended;
    assert.equal(session.state.header.lastStopReason, 'end_turn');
    assert.match(agentText(session), /The parent goes on\./);
    assert.deepEqual(fake.problems, []);
    assert.equal(fake.remainingSteps, 0);
  });
});
