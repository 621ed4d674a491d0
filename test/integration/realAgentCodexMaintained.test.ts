// The maintained Codex adapter (@agentclientprotocol/codex-acp 2.6, running `codex app-server` of @openai/codex, on
// Node 22) in the real extension host, its model played by the suite's fake Responses API endpoint: streamed text
// and reasoning, a command and its output, edits with a diff and a new file (apply_patch, in the `read-only` mode,
// which asks), a permission allowed and one rejected, cancel mid-command, a plan (update_plan) and a plan-mode plan
// (plan_update) with a question to the user (request_user_input as a form), Undo of its on-disk edits in the change
// ledger, and a session brought back with session/load.
// Its subagents: realAgentCodexMaintainedSubagents.test.ts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { ElicitationEntry } from '../../src/shared/transcript/model';
import { FakeOpenAi, applyPatch, execCommand, functionCall, functionOutputFor, lastUserText, message, reasoning, say } from '../fixtures/fake-openai';
import { CODEX_ACP_26, untilSession, untilToolCall } from './helpers/maintainedAgents';
import { useCodexSuite } from './helpers/codexSuite';
import { newSession } from './helpers/realAgent';
import { ProcessWatch, watchProcess, within } from './helpers/realAgentProcess';
import { agentText, answerPermissions, thoughtText, toolCall } from './helpers/realAgentSession';
import { TestReviewUserInterface, pendingFile, untilReview, untilSnapshotKnows } from './helpers/review';
import { useTestUserInterface } from './helpers/userInterface';

const TURN_MS = 60_000;

describe('the maintained codex-acp (2.6, Node 22) with a fake model', function () {
  this.timeout(120_000);
  let api: AcpExtensionApi;
  let fake: FakeOpenAi;
  let dir: string;
  let watch: ProcessWatch | undefined;
  const suite = useCodexSuite('codex-acp-26');
  const { assertScriptPlayed, turn, reopen } = suite;

  before(() => {
    ({ api, fake, dir } = suite);
  });
  const ui = useTestUserInterface(() => api.review, () => new TestReviewUserInterface());

  afterEach(() => {
    watch?.dispose();
    watch = undefined;
  });

  /** What the agent sent its model as the output of one function call. */
  function outputOf(session: Session, callId: string): string {
    for (const request of fake.conversation(session.sessionId)) {
      const output = functionOutputFor(request, callId);
      if (output !== undefined) return output;
    }
    throw new Error(`the agent sent its model no output for ${callId} (problems at the fake: ${fake.problems.join('; ') || 'none'})`);
  }

  async function existing(name: string, content: string): Promise<string> {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    await untilSnapshotKnows(api, file, content);
    return file;
  }

  it('streams the answer as agent text and the reasoning summary as a thought', async () => {
    const session = await within(newSession(api), TURN_MS, 'codex-acp made no session');
    assert.equal(api.sessions.agent?.id, CODEX_ACP_26.id);
    const answer = 'Hello from the fake model, in several streamed pieces.';
    fake.script({ output: [reasoning('The user wants a greeting.'), message(answer)] });
    await turn('Say hello');

    assertScriptPlayed();
    assert.equal(fake.conversation(session.sessionId).length, 1, 'the model request names the ACP session');
    assert.equal(agentText(session), answer);
    // Codex starts each reasoning summary section with a blank line.
    assert.equal(thoughtText(session).trim(), 'The user wants a greeting.');
    assert.equal(session.state.header.lastStopReason, 'end_turn');
  });

  it('runs a command that reads a file: the output reaches the model, the card completes as an execute call', async () => {
    const file = await existing('read-me.txt', 'the text codex reads\n');
    const session = await within(newSession(api), TURN_MS, 'no session');
    fake.script(
      { output: [message('Reading.'), functionCall('exec_command', { cmd: `cat '${file}'; echo "sum=$((6*7))"` }, 'call_read')] },
      (request) => say(`It said: ${functionOutputFor(request, 'call_read')?.split('Output:\n')[1]?.trim()}`),
    );
    const permissions = answerPermissions(session);
    await turn('What does read-me.txt say?');
    permissions.dispose();

    assertScriptPlayed();
    assert.deepEqual(permissions.problems, []);
    const output = outputOf(session, 'call_read');
    assert.match(output, /the text codex reads\nsum=42/);
    assert.match(output, /exited with code 0/);
    const card = toolCall(session, 'call_read');
    assert.equal(card.toolKind, 'execute');
    assert.equal(card.status, 'completed');
    assert.match(agentText(session), /It said: the text codex reads\nsum=42/);
  });

  it('a command\'s output shows in its card while it runs (codex\'s _meta terminal output), with its exit code after', async () => {
    const session = await within(newSession(api), TURN_MS, 'no session');
    fake.script(execCommand(`printf 'one\\n'; sleep 1; printf 'two\\n'; sleep 3; printf 'three\\n'`, { callId: 'call_live', say: 'Counting.' }), say('Counted.'));
    const permissions = answerPermissions(session);
    const live = new Promise<{ text: string; status: string | undefined }>((resolve) => {
      const check = (): boolean => {
        const record = api.terminalOutputs.ofSession(session.key).find((candidate) => candidate.agent?.toolCallId === 'call_live');
        const text = record ? record.process.output.readFrom(0, 1 << 20).text : '';
        if (!/two/.test(text)) return false;
        resolve({ text, status: toolCall(session, 'call_live').status });
        return true;
      };
      const watch = api.terminalOutputs.onDidChange(() => {
        if (check()) watch.dispose();
      });
    });
    const ended = turn('Count to three slowly');
    const seen = await within(live, TURN_MS, 'the output never reached the card while the command ran');
    assert.equal(seen.status, 'in_progress', 'the second line was on the card while the command still ran');
    assert.doesNotMatch(seen.text, /three/, 'seen before the command ended');
    await ended;
    permissions.dispose();
    assertScriptPlayed();
    const record = api.terminalOutputs.ofSession(session.key).find((candidate) => candidate.agent?.toolCallId === 'call_live');
    assert.ok(record, 'the card\'s output record');
    assert.match(record.process.output.readFrom(0, 1 << 20).text, /two\nthree/);
    assert.equal(toolCall(session, 'call_live').status, 'completed');
    assert.equal(record.process.exitStatus?.exitCode, 0, `the exit code reported (${JSON.stringify(record.process.exitStatus)})`);
  });

  it('edits a file (a diff on the card) and creates one, allowed when asked; Undo All in the ledger restores the disk', async () => {
    const edited = await existing('edited.txt', 'alpha\nbeta\ngamma\n');
    const created = path.join(dir, 'created.txt');
    const session = await within(newSession(api), TURN_MS, 'no session');
    const patch = applyPatch(`*** Update File: ${edited}\n@@\n alpha\n-beta\n+BETA edited\n gamma\n*** Add File: ${created}\n+made by codex\n`);
    fake.script(execCommand(patch, { callId: 'call_patch', say: 'Patching.' }), say('Patched.'));
    const permissions = answerPermissions(session);
    await turn('Shout beta and add created.txt');
    permissions.dispose();

    assertScriptPlayed();
    assert.deepEqual(permissions.problems, []);
    assert.ok(permissions.asked.includes('call_patch'), `the patch asked for permission in read-only mode (asked: ${permissions.asked.join(', ')})`);
    assert.match(outputOf(session, 'call_patch'), /Success/);
    const card = toolCall(session, 'call_patch');
    assert.equal(card.toolKind, 'edit');
    assert.equal(card.status, 'completed');
    const diffs = card.content.filter((c) => c.type === 'diff');
    assert.equal(diffs.length, 2, `the card carries both diffs: ${JSON.stringify(card.content)}`);
    assert.equal(fs.readFileSync(edited, 'utf8'), 'alpha\nBETA edited\ngamma\n');
    assert.equal(fs.readFileSync(created, 'utf8'), 'made by codex\n');

    await untilReview(api, () => pendingFile(api, edited) && pendingFile(api, created), 'the edited and created files in the ledger');
    await api.review.service.settled();
    assert.deepEqual(pendingFile(api, edited)?.toolCallIds, ['call_patch'], 'the edit is attributed to its tool call');
    await vscode.commands.executeCommand('acp.undoAll');
    assert.deepEqual(ui.current.errors, []);
    assert.equal(fs.readFileSync(edited, 'utf8'), 'alpha\nbeta\ngamma\n', 'Undo put the edited file back');
    assert.equal(fs.existsSync(created), false, 'Undo removed the created file');
  });

  it('a rejected edit leaves the file alone and the turn ends', async () => {
    const file = await existing('kept.txt', 'keep me\n');
    const session = await within(newSession(api), TURN_MS, 'no session');
    fake.script(execCommand(applyPatch(`*** Update File: ${file}\n@@\n-keep me\n+lose me\n`), { callId: 'call_rejected' }));
    const permissions = answerPermissions(session, 'reject_once');
    await turn('Change kept.txt');
    permissions.dispose();

    assert.deepEqual(permissions.problems, []);
    assert.ok(permissions.asked.includes('call_rejected'), 'the patch asked');
    assert.equal(fs.readFileSync(file, 'utf8'), 'keep me\n');
    assert.notEqual(toolCall(session, 'call_rejected').status, 'completed');
    assert.notEqual(toolCall(session, 'call_rejected').status, 'in_progress', 'the card does not spin on');
    assert.equal(session.state.header.turn, 'idle');
  });

  it('cancel while a command runs: the turn ends cancelled and the card is not left running', async () => {
    const running = watchProcess();
    watch = running;
    const session = await within(newSession(api), TURN_MS, 'no session');
    fake.script(execCommand(`echo started; sleep 60 ${running.redirect}`, { callId: 'call_long', yieldTimeMs: 30_000 }));
    const prompt = api.sessions.prompt('Run something slow');
    await within(running.opened, TURN_MS, 'the command never started');
    await within(untilToolCall(session, 'call_long'), TURN_MS, 'the command has no card');
    await vscode.commands.executeCommand('acp.cancelTurn');
    await within(prompt, TURN_MS, 'the cancelled turn did not end');

    assert.equal(session.state.header.lastStopReason, 'cancelled');
    assert.notEqual(toolCall(session, 'call_long').status, 'in_progress', 'the card does not spin on');
  });

  it('a plan (update_plan) shows as the session plan and follows its updates', async () => {
    const session = await within(newSession(api), TURN_MS, 'no session');
    const steps = ['Read the file', 'Edit the file', 'Run the tests'];
    const plan = (statuses: string[]): Record<string, unknown> => ({ plan: steps.map((step, index) => ({ step, status: statuses[index] })) });
    const shown: string[][] = [];
    const watching = session.onDidChange(() => {
      const now = session.state.header.plan.map((item) => item.status);
      if (now.length > 0 && now.join() !== shown[shown.length - 1]?.join()) shown.push(now);
    });
    fake.script(
      { output: [functionCall('update_plan', { explanation: 'Three steps', ...plan(['completed', 'in_progress', 'pending']) }, 'call_plan')] },
      { output: [functionCall('update_plan', plan(['completed', 'completed', 'in_progress']), 'call_plan_next')] },
      say('Planned.'),
    );
    await turn('Make a plan');
    watching.dispose();

    assertScriptPlayed();
    assert.equal(outputOf(session, 'call_plan'), 'Plan updated');
    assert.deepEqual(
      session.state.header.plan.map((item) => [item.content, item.status]),
      [['Read the file', 'completed'], ['Edit the file', 'completed'], ['Run the tests', 'in_progress']],
    );
    assert.deepEqual(shown, [['completed', 'in_progress', 'pending'], ['completed', 'completed', 'in_progress']], 'both versions of the plan were shown, in order');
    assert.equal(session.state.header.plans, undefined, 'codex sends the legacy plan update, no identified plans');
    assert.match(agentText(session), /Planned\./);
  });

  it("in plan mode (/plan) the proposed plan shows as an identified Markdown plan; 'Implement this plan?' reaches the user, the work goes on, and the plan comes back with session/load", async () => {
    const session = await within(newSession(api), TURN_MS, 'no session');
    const collaborationMode = (): unknown => session.state.header.configOptions.find((option) => option.id === 'collaboration_mode')?.currentValue;
    assert.equal(collaborationMode(), 'default');
    await turn('/plan');
    assert.equal(collaborationMode(), 'plan', 'the session shows plan mode on');
    const proposed = '# Plan\n\n1. Read the file\n2. Edit it\n';
    fake.script(
      say(`Here is my plan.\n\n<proposed_plan>\n${proposed}</proposed_plan>\n`),
      (request) => say(lastUserText(request) === 'Implement the approved plan.' ? 'Implementing it.' : `Unexpected prompt: ${lastUserText(request)}`),
    );
    const permissions = answerPermissions(session);
    await turn('Plan the change');
    permissions.dispose();

    assertScriptPlayed();
    assert.deepEqual(permissions.problems, []);
    const plans = session.state.header.plans ?? [];
    assert.deepEqual(plans.map((plan) => [plan.type, plan.content]), [['markdown', proposed]], 'the proposed plan is a plan of the session');
    // codex-acp asks whether to implement the plan with a permission request of its own (no tool call before it).
    const review = `plan-review:${plans[0].planId}`;
    assert.deepEqual(permissions.asked, [review]);
    const card = toolCall(session, review);
    assert.deepEqual([card.title, card.toolKind, card.status, card.permission], ['Implement this plan?', 'switch_mode', 'completed', undefined]);
    assert.match(agentText(session), /Here is my plan\./);
    assert.doesNotMatch(agentText(session), /proposed_plan|Read the file/, 'the plan is not repeated as agent text');
    assert.match(agentText(session), /Implementing it\./, 'the approved plan is implemented in the same prompt');
    assert.equal(collaborationMode(), 'default', 'plan mode is off again');
    assert.equal(session.state.header.lastStopReason, 'end_turn');
    assert.equal(session.state.header.turn, 'idle');

    // Brought back with session/load, the plan is replayed (codex-acp replays no review card, and replays the approval
    // as a user message "Implement the approved plan.").
    const back = await reopen(session);
    assert.deepEqual((back.state.header.plans ?? []).map((plan) => [plan.planId, plan.type, plan.content]), [[plans[0].planId, 'markdown', proposed]]);
  });

  it("in plan mode Codex's question (request_user_input) shows as a form; the user's choice and note reach the model", async () => {
    const session = await within(newSession(api), TURN_MS, 'no session');
    await turn('/plan');
    const question = { id: 'pick', header: 'Pick', question: 'Which file?', options: [{ label: 'a.txt (Recommended)', description: 'The first' }, { label: 'b.txt', description: 'The second' }] };
    fake.script({ output: [functionCall('request_user_input', { questions: [question] }, 'call_ask')] }, say('Thanks.'));
    const ended = turn('Ask me which file');
    const asked = await within(
      untilSession(session, () => session.state.entries.find((entry): entry is ElicitationEntry => entry.kind === 'elicitation' && entry.outcome === undefined)),
      TURN_MS,
      'the question never reached the user',
    );
    assert.equal(asked.toolCallId, 'call_ask');
    assert.ok(asked.request.mode === 'form');
    const fields = asked.request.form.fields.map((field) => [field.name, field.kind]);
    assert.deepEqual(fields, [['pick', 'select'], ['pick_note', 'text']], JSON.stringify(asked.request.form.fields));
    const answered = session.answerElicitation(asked.requestKey, { action: 'accept', values: { pick: 'b.txt', pick_note: 'it is newer' } });
    assert.ok(answered.ok, JSON.stringify(answered));
    await ended;

    assertScriptPlayed();
    assert.deepEqual(JSON.parse(outputOf(session, 'call_ask')), { answers: { pick: { answers: ['b.txt', 'user_note: it is newer'] } } });
    assert.equal(asked.outcome, 'accept');
    assert.match(agentText(session), /Thanks\./);
  });

  it('a closed session comes back with session/load, its conversation replayed, and goes on', async () => {
    const session = await within(newSession(api), TURN_MS, 'no session');
    fake.script(say('The answer to remember.'));
    await turn('Question to remember');
    const back = await reopen(session);
    assert.match(agentText(back), /The answer to remember\./, 'the answer was replayed');
    fake.script(say('Still here.'));
    await turn('And now?');
    assert.match(agentText(back), /Still here\./);
  });
});
