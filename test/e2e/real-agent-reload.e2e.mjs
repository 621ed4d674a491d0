// The maintained adapters in the real workbench, their models played by the suite's fake endpoints, offline, set up as
// the integration tests set them up (test/integration/helpers/maintainedAgentSetup.ts, compiled to out/ by
// `npm run compile-tests`): a turn that edits a file after the user allows it, then a window reload. The session comes
// back by session/load (the conversation shown is the agent's replay: the client shows its own copy only for agents
// that cannot load), its change still in the "1 file changed" strip to review and undo, and a follow-up prompt goes on
// in the same agent session (the fake model gets the conversation from before the reload). claude-agent-acp 0.101
// (Node 22, fake Anthropic endpoint) and codex-acp 2.6 (Node 22, its `codex app-server`, fake Responses endpoint; an
// apply_patch edit). Skipped, saying why, only when the agents in tools/agents are not installed
// (`node tools/agents/ensure.mjs`, which `npm run test:e2e` runs, installs them).
// Also: a command claude-agent-acp sends to the background, whose card says so after its call completed, then that
// it ended. Screenshots: .test-artifacts/e2e/real-agent-reload-*.png, real-agent-codex-reload-*.png,
// real-agent-background-*.png.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../harness/paths.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, chatWebviewHost, openComposer, runFromCommandPalette } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

const require = createRequire(import.meta.url);
const AGENT = { id: 'claude-agent-acp-101', name: 'Claude Agent (claude-agent-acp 0.101, fake model)' };
const TURN_MS = 60_000;

/** A module of the compiled tests (out/), which the real-agent set-up and the fake endpoint are written in. */
function compiled(relative) {
  const file = path.join(repoRoot, 'out', 'test', relative);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run compile-tests\``);
  return require(file);
}

/** The fake model of the running test (tests run one at a time), and the FIFO its command waits on. */
let fake;
let gate;

/** Settings with the agent as the default, its fake model started, its HOME in the test's scratch folder. */
async function claudeAgentSettings(scratch) {
  const { FakeAnthropic } = compiled('fixtures/fake-anthropic/index.js');
  const { claudeAgentAcpCommand, claudeAgentSideAnswer } = compiled('integration/helpers/maintainedAgentSetup.js');
  fake = await FakeAnthropic.start({ sideAnswer: claudeAgentSideAnswer });
  const home = path.join(scratch, 'agent-home');
  mkdirSync(home);
  const command = claudeAgentAcpCommand(fake.url, home);
  return {
    settings: { 'acp.agents': [{ ...AGENT, ...command }], 'acp.defaultAgent': AGENT.id },
    dispose: () => fake.close(),
  };
}

function missingAgent() {
  return compiled('integration/helpers/maintainedAgentSetup.js').claudeAgentAcpMissing();
}

async function send(chat, input, text) {
  await input.fill(text);
  await waitForLocator(chat.locator('[data-action="send"]:not([disabled])'), 'the Send button enabled', { timeout: TURN_MS });
  await input.press('Enter');
}

function strip(chat) {
  return chat.locator('[data-changes-strip][aria-label="1 file changed"]');
}

async function shoot(page, name, prefix = 'real-agent-reload') {
  const sidebar = await page.locator('.part.sidebar').boundingBox();
  await page.screenshot({ path: path.join(e2eArtifactsDir, `${prefix}-${name}.png`), ...(sidebar ? { clip: sidebar } : {}) });
}

/** Reloads the window and opens the chat again once the extension is back; the chat's frame, transcript and input. */
async function reloadWindow(page) {
  await page.reload();
  await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: 60_000 });
  // The chat view comes back by itself (it was open) once the extension is active (see sessions.e2e.mjs).
  await chatWebviewHost(page).waitFor({ timeout: 60_000 });
  await runFromCommandPalette(page, 'ACP: Open Chat');
  const chat = chatFrame(page);
  return { chat, transcript: chat.locator('[role="log"]'), input: chat.locator('textarea[aria-label="Message the agent"]') };
}

const CODEX = { id: 'codex-acp-26', name: 'Codex (codex-acp 2.6, fake model)' };
/** The fake Responses endpoint of the running codex test. */
let fakeOpenAi;

/** Settings with codex-acp as the default agent, its fake model started, its HOME in the test's scratch folder. */
async function codexSettings(scratch) {
  const { FakeOpenAi } = compiled('fixtures/fake-openai/index.js');
  const { codexAcpCommand } = compiled('integration/helpers/maintainedAgentSetup.js');
  fakeOpenAi = await FakeOpenAi.start();
  const home = path.join(scratch, 'agent-home');
  mkdirSync(home);
  return {
    settings: { 'acp.agents': [{ ...CODEX, ...codexAcpCommand(fakeOpenAi.url, home) }], 'acp.defaultAgent': CODEX.id },
    dispose: () => fakeOpenAi.close(),
  };
}

export const tests = [
  {
    name: 'real agent: claude-agent-acp 0.101 edits a file; after a window reload the session comes back (session/load) with its conversation and its change, and goes on',
    timeoutMs: 240_000,
    skip: missingAgent,
    settings: claudeAgentSettings,
    async run({ page, workspace }) {
      const { callTool, say } = compiled('fixtures/fake-anthropic/index.js');
      const file = path.join(workspace, 'hello.js');
      const before = readFileSync(file, 'utf8');
      const ids = { read: 'toolu_e2e_read', edit: 'toolu_e2e_edit' };
      fake.script(
        callTool('Read', { file_path: file }, { say: 'Reading hello.js first.', id: ids.read }),
        callTool('Edit', { file_path: file, old_string: 'Hello, ${name}!', new_string: 'Hi there, ${name}!' }, { id: ids.edit }),
        say('I changed the greeting.'),
      );
      let { chat, input, transcript } = await openComposer(page);
      await send(chat, input, 'Change the greeting in hello.js');
      // The agent starts in its `default` mode, which asks before edits.
      const allow = transcript.locator(`[data-tool-call-id="${ids.edit}"] [data-permission-request] button[data-option-kind="allow_once"]`);
      await waitForLocator(allow, 'the permission prompt for the edit', { timeout: TURN_MS });
      await allow.click();
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'I changed the greeting.' }), 'the answer after the edit', { timeout: TURN_MS });
      assert.match(readFileSync(file, 'utf8'), /Hi there, \$\{name\}!/, 'the agent edited the file on disk');
      await waitForLocator(strip(chat).locator('[data-changed-file="hello.js"]'), 'the edit in the strip: 1 file changed', { timeout: TURN_MS });
      await shoot(page, 'before');
      assert.deepEqual(fake.problems, [], 'the fake model was asked only what it was scripted for');

      ({ chat, input, transcript } = await reloadWindow(page));
      // The restarted agent replays the conversation in answer to session/load.
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'I changed the greeting.' }), 'the answer replayed after the reload', { timeout: TURN_MS });
      await waitForLocator(transcript.locator('[data-entry-kind="user"]', { hasText: 'Change the greeting in hello.js' }), 'the prompt replayed');
      await waitForLocator(transcript.locator(`[data-tool-call-id="${ids.edit}"]`), "the edit's card replayed");
      assert.equal(await transcript.locator('[data-entry-kind="agent"]', { hasText: 'I changed the greeting.' }).count(), 1, 'the conversation once, not twice');
      const row = strip(chat).locator('[data-changed-file="hello.js"]');
      await waitForLocator(row, 'the change still in the strip after the reload');
      assert.match((await row.innerText()).replace(/\s+/g, ' '), /hello\.js.*\+1 −1/);
      await shoot(page, 'after');

      // It goes on in the same Claude Code session: the model gets the earlier conversation with the new prompt.
      const asked = fake.requests.length;
      fake.script(say('Still here after the reload.'));
      await send(chat, input, 'Are you still there?');
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'Still here after the reload.' }), 'the answer to the follow-up', { timeout: TURN_MS });
      const followUp = fake.requests.slice(asked).find((request) => request.role === 'conversation')?.messages;
      assert.ok(followUp, 'the follow-up reached the fake model');
      const said = JSON.stringify(followUp.messages);
      assert.match(said, /Change the greeting in hello\.js/, 'the follow-up carries the conversation from before the reload');
      assert.match(said, /Are you still there\?/);
      assert.deepEqual(fake.problems, []);
      await shoot(page, 'follow-up');

      // The change is still reviewable: its diff opens, and Undo puts the text from before the turn back.
      await row.locator('[data-action="review-file"]').click();
      await waitForLocator(page.locator('.monaco-diff-editor'), 'the diff of the change in an editor');
      await row.locator('[data-action="undo-file"]').click();
      await waitForLocator(chat.locator('[data-changes-strip]'), 'the strip gone after Undo', { state: 'detached' });
      assert.equal(readFileSync(file, 'utf8'), before, 'Undo put the text from before the turn back');
    },
  },
  {
    name: 'real agent: claude-agent-acp 0.101 sends a command to the background; its card says it runs there, then that it ended (no exit code)',
    timeoutMs: 180_000,
    skip: missingAgent,
    settings: async (scratch) => {
      const made = await claudeAgentSettings(scratch);
      gate = path.join(scratch, 'gate');
      execFileSync('mkfifo', [gate]);
      return made;
    },
    async run({ page }) {
      const { callTool, say } = compiled('fixtures/fake-anthropic/index.js');
      const id = 'toolu_e2e_background';
      // The command waits for the test to let it finish (a line written to a FIFO it reads).
      const command = `bash -c 'echo started; read line < "${gate}"; echo finished'`;
      fake.script(callTool('Bash', { command, description: 'Wait in the background', run_in_background: true }, { id }), say('Started it in the background.'), say('The command finished.'));
      const { chat, input, transcript } = await openComposer(page);
      await send(chat, input, 'Wait in the background');
      const card = transcript.locator(`[data-entry-kind="tool_call"][data-tool-call-id="${id}"]`);
      const allow = card.locator('[data-permission-request] button[data-option-kind="allow_once"]');
      await waitForLocator(allow, 'the permission prompt for the command', { timeout: TURN_MS });
      await allow.click();
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'Started it in the background.' }), 'the end of the turn', { timeout: TURN_MS });
      const head = card.locator('[data-action="toggle-tool-call"]');
      if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
      const pane = card.locator('[data-terminal-output]');
      await waitForLocator(pane.getByText('Running in the background'), 'the card saying the command runs in the background');
      assert.equal(await card.getAttribute('data-tool-status'), 'completed');
      assert.equal(await pane.getAttribute('data-terminal-state'), 'running');
      assert.match(await pane.innerText(), /Command running in background with ID: /);
      await card.screenshot({ path: path.join(e2eArtifactsDir, 'real-agent-background-running.png') });

      writeFileSync(gate, 'go\n');
      await waitForLocator(card.locator('[data-terminal-output][data-terminal-state="exited"]'), 'the card saying the command ended', { timeout: TURN_MS });
      assert.match(await pane.innerText(), /Ended \(no exit code reported\)/);
      assert.equal(await card.locator('[data-tool-exit]').count(), 0, 'no "exit ?" in the headline');
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'The command finished.' }), "the agent's own message once the command ended", { timeout: TURN_MS });
      await card.screenshot({ path: path.join(e2eArtifactsDir, 'real-agent-background-ended.png') });
    },
  },
  {
    name: 'real agent: codex-acp 2.6 patches a file; after a window reload the session comes back (session/load) with its conversation and its change, and goes on in the same thread',
    timeoutMs: 240_000,
    skip: () => compiled('integration/helpers/maintainedAgentSetup.js').codexAcpMissing(),
    settings: codexSettings,
    async run({ page, workspace }) {
      const { applyPatch, execCommand, say } = compiled('fixtures/fake-openai/index.js');
      const file = path.join(workspace, 'hello.js');
      const before = readFileSync(file, 'utf8');
      const callId = 'call_e2e_patch';
      const patch = applyPatch(`*** Update File: ${file}\n@@\n function greet(name) {\n-  return \`Hello, \${name}!\`;\n+  return \`Hi there, \${name}!\`;\n }\n`);
      fakeOpenAi.script(execCommand(patch, { callId, say: 'Patching hello.js.' }), say('I changed the greeting.'));
      let { chat, input, transcript } = await openComposer(page);
      await send(chat, input, 'Change the greeting in hello.js');
      // The agent starts in its `read-only` mode, which asks before edits.
      const allow = transcript.locator(`[data-tool-call-id="${callId}"] [data-permission-request] button[data-option-kind="allow_once"]`);
      await waitForLocator(allow, 'the permission prompt for the patch', { timeout: TURN_MS });
      await allow.click();
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'I changed the greeting.' }), 'the answer after the patch', { timeout: TURN_MS });
      assert.match(readFileSync(file, 'utf8'), /Hi there, \$\{name\}!/, 'Codex patched the file on disk');
      await waitForLocator(strip(chat).locator('[data-changed-file="hello.js"]'), 'the patch in the strip: 1 file changed', { timeout: TURN_MS });
      await shoot(page, 'before', 'real-agent-codex-reload');
      assert.deepEqual(fakeOpenAi.problems, [], 'the fake model was asked only what it was scripted for');
      assert.equal(fakeOpenAi.remainingSteps, 0);
      const sessionId = fakeOpenAi.conversation()[0]?.sessionId;
      assert.ok(sessionId, 'the model requests name the ACP session');

      ({ chat, input, transcript } = await reloadWindow(page));
      // The restarted agent (a new codex app-server) replays the thread in answer to session/load.
      const answer = transcript.locator('[data-entry-kind="agent"]', { hasText: 'I changed the greeting.' });
      await waitForLocator(answer, 'the answer replayed after the reload', { timeout: TURN_MS });
      await waitForLocator(transcript.locator('[data-entry-kind="user"]', { hasText: 'Change the greeting in hello.js' }), 'the prompt replayed');
      await waitForLocator(transcript.locator(`[data-entry-kind="tool_call"][data-tool-call-id="${callId}"]`), "the patch's card replayed");
      assert.equal(await answer.count(), 1, 'the conversation once, not twice');
      assert.equal(await transcript.locator(`[data-entry-kind="tool_call"][data-tool-call-id="${callId}"]`).count(), 1, "the patch's card once");
      const row = strip(chat).locator('[data-changed-file="hello.js"]');
      await waitForLocator(row, 'the change still in the strip after the reload');
      assert.match((await row.innerText()).replace(/\s+/g, ' '), /hello\.js.*\+1 −1/);
      await shoot(page, 'after', 'real-agent-codex-reload');

      // It goes on in the same Codex thread: the model gets the earlier conversation, the patch and its output included.
      const asked = fakeOpenAi.requests.length;
      fakeOpenAi.script(say('Still here after the reload.'));
      await send(chat, input, 'Are you still there?');
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'Still here after the reload.' }), 'the answer to the follow-up', { timeout: TURN_MS });
      const followUp = fakeOpenAi.requests.slice(asked).find((request) => request.role === 'conversation')?.responses;
      assert.ok(followUp, 'the follow-up reached the fake model');
      assert.equal(followUp.sessionId, sessionId, 'the same ACP session (Codex thread) after the reload');
      const said = followUp.input.flatMap((item) => (item.type === 'message' ? [item.text] : []));
      assert.ok(said.some((text) => text.includes('Change the greeting in hello.js')), `the follow-up carries the prompt from before the reload: ${JSON.stringify(said)}`);
      assert.ok(said.some((text) => text.includes('I changed the greeting.')), 'and the answer from before the reload');
      assert.ok(followUp.input.some((item) => item.type === 'function_call_output' && item.callId === callId), 'and the output of the patch');
      assert.ok(said.at(-1)?.includes('Are you still there?'), 'the new prompt last');
      assert.deepEqual(fakeOpenAi.problems, []);
      await shoot(page, 'follow-up', 'real-agent-codex-reload');

      // The patch is still reviewable: its diff opens, and Undo puts the text from before the turn back.
      await row.locator('[data-action="review-file"]').click();
      await waitForLocator(page.locator('.monaco-diff-editor'), 'the diff of the patch in an editor');
      await row.locator('[data-action="undo-file"]').click();
      await waitForLocator(chat.locator('[data-changes-strip]'), 'the strip gone after Undo', { state: 'detached' });
      assert.equal(readFileSync(file, 'utf8'), before, 'Undo put the text from before the turn back');
    },
  },
];
