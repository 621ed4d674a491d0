// Agents that hang, with the real scripted agent and a manual clock for the client's timers: one that ignores
// session/cancel is said to be not stopping after the grace, and Restart sends the message queued behind the stuck turn
// to the restarted agent; one that never answers initialize is said to be still starting after STILL_STARTING_MS, and
// a restart during that start recovers at once; the header never says "Ready" without a session.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AgentRuntime } from '../../../src/acp/agentRuntime';
import { clientCapabilitiesFor } from '../../../src/acp/clientCapabilities';
import { NO_CLIENT_FEATURES } from '../../../src/acp/clientRequests';
import { createSessionParts, disposeSessionParts, SessionParts } from '../../../src/chat/sessionParts';
import { STILL_STARTING_MS } from '../../../src/chat/startingState';
import { HeaderStatusFeed } from '../../../src/chat/headerStatusFeed';
import type { AgentDefinition } from '../../../src/config/agentDefinitions';
import type { PromptParts } from '../../../src/shared/protocol/composerProtocol';
import type { SessionChange } from '../../../src/shared/transcript/model';
import type { Session } from '../../../src/session/session';
import { STOP_GRACE_MS } from '../../../src/session/stopWatch';
import { ManualScheduler } from '../helpers/manualScheduler';
import { placesIn } from '../../../src/session/sessionPlace';

const agentEntry = path.resolve(__dirname, '..', '..', '..', 'src', 'demo', 'main.js');
const scenarios = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'scenarios');

function scenario(name: string): string {
  return path.join(scenarios, `${name}.json`);
}

function parts(text: string): PromptParts {
  return { text, mentions: [], images: [] };
}

function texts(session: Session | undefined): string[] {
  return (session?.state.entries ?? []).map((entry) =>
    entry.kind === 'notice' ? `notice: ${entry.text}` : entry.kind === 'user' || entry.kind === 'agent' ? `${entry.kind}: ${entry.content.map((block) => (block.type === 'text' ? block.text : '')).join('')}` : entry.kind,
  );
}

/** Resolves once `predicate` holds for the session (checked on each of its changes). */
function until(session: Session, predicate: () => boolean): Promise<void> {
  if (predicate()) return Promise.resolve();
  return new Promise((resolve) => {
    const subscription = session.onDidChange((_change: SessionChange) => {
      if (!predicate()) return;
      subscription.dispose();
      resolve();
    });
  });
}

describe('agents that hang', function () {
  this.timeout(20_000);
  let dir: string;
  let clock: ManualScheduler;
  let sessionParts: SessionParts;
  /** Called with each line the agent writes to stderr. */
  let onStderr: (line: string) => void;

  async function withAgent(command: string, args: string[]): Promise<void> {
    sessionParts = createSessionParts({
      createRuntime: (definition) =>
        new AgentRuntime({
          launch: { command: definition.command, args: definition.args, cwd: dir },
          clientInfo: { name: 'unit-test', version: '0' },
          clientCapabilities: clientCapabilitiesFor(NO_CLIENT_FEATURES),
          log: { error: () => undefined, warn: () => undefined, info: () => undefined, log: () => undefined, stderr: (line) => onStderr(line) },
          traffic: { enabled: false, record: () => undefined },
          name: definition.name,
        }),
      placeFor: placesIn(() => [dir], () => dir),
      features: NO_CLIENT_FEATURES,
      log: () => undefined,
      timers: clock,
    });
    const definition: AgentDefinition = { id: 'stuck', name: 'Stuck Agent', command, args, env: {}, builtIn: false };
    await sessionParts.pool.useAgent(definition);
  }

  const scripted = (name: string): [string, string[]] => [process.execPath, [agentEntry, '--scenario', scenario(name), '--pace', '0']];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-stuck-'));
    clock = new ManualScheduler();
    onStderr = () => undefined;
  });

  afterEach(async () => {
    await disposeSessionParts(sessionParts);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ignores the cancel: "Not stopping" after the grace; Restart ends the turn cancelled and the queued message goes to the restarted agent, in the same place', async () => {
    await withAgent(...scripted('fault-cancel-ignored'));
    const { starter } = sessionParts;
    const shown = sessionParts.surfaces.sideBar;
    const elsewhere = fs.mkdtempSync(path.join(dir, 'elsewhere-'));
    const stuck = (await starter.newSession(shown, { cwd: elsewhere })).session;
    assert.equal(shown.headerStatus.state, 'ready');
    void starter.submitPrompt(shown, undefined, parts('hang on this'));
    await until(stuck, () => texts(stuck).includes('agent: Working on it'));
    assert.equal(shown.headerStatus.state, 'working');
    const firstPid = sessionParts.pool.selected?.runtime.pid;

    await stuck.cancel();
    assert.equal(shown.headerStatus.state, 'stopping');
    await starter.submitPrompt(shown, stuck.key, parts('and then this'));
    assert.equal(sessionParts.registry.get(stuck.key)?.prompts.queue.length, 1, 'queued behind the stuck turn');
    clock.advance(STOP_GRACE_MS);
    assert.equal(shown.headerStatus.state, 'notStopping');
    assert.match(texts(stuck).at(-1) ?? '', /^notice: Stuck Agent is not stopping: it was asked to stop 5 seconds ago/);

    await starter.restartAgent(shown);
    assert.equal(stuck.ended, true);
    assert.equal(stuck.state.header.turn, 'idle');
    assert.equal(stuck.state.header.lastStopReason, 'cancelled', 'the stuck turn shows as cancelled');
    assert.notEqual(sessionParts.pool.selected?.runtime.pid, firstPid, 'a new agent process');
    const next = shown.session;
    assert.ok(next && next !== stuck, 'a new session took over (the agent cannot load sessions)');
    assert.deepEqual([next.scope.cwd, next.scope.roots], [elsewhere, [dir]], 'it works where the stuck one did');
    await until(next, () => texts(next).includes('agent: Answered: and then this'));
    assert.deepEqual(texts(next).slice(0, 2), ['user: and then this', 'agent: Answered: and then this']);
    await until(next, () => next.state.header.turn === 'idle');
    assert.equal(shown.headerStatus.state, 'ready');
    assert.ok(sessionParts.registry.get(stuck.key), 'the stuck conversation stays open (ended) to be read');
  });

  it('never answers initialize: still starting after 15 s, and a restart during the start recovers at once', async () => {
    const marker = path.join(dir, 'started-once');
    const [node, args] = scripted('fault-init-hang');
    // The first start hangs in initialize; every later one is the hello scenario.
    const script = 'if [ -e "$0" ]; then exec "$@" "$HELLO"; else : > "$0"; exec "$@" "$HANG"; fi';
    process.env.HELLO = scenario('hello');
    process.env.HANG = scenario('fault-init-hang');
    try {
      await withAgent('/bin/sh', ['-c', script, marker, node, args[0], '--pace', '0', '--scenario']);
      // The hanging agent's first words (fault-init-hang): it is in initialize, its marker written.
      const hanging = new Promise<void>((resolve) => (onStderr = (line) => line.includes('loading the model index') && resolve()));
      const { starter } = sessionParts;
    const shown = sessionParts.surfaces.sideBar;
      const opened = starter.newSession(shown);
      assert.equal(shown.headerStatus.state, 'starting');
      await hanging;
      assert.ok(fs.existsSync(marker));
      assert.equal(shown.starting?.slow, undefined);
      clock.advance(STILL_STARTING_MS);
      assert.equal(shown.starting?.slow, true, 'the chat says it is still starting');
      await starter.restartAgent(shown);
      assert.equal(shown.starting?.slow, undefined, 'the restarted start counts anew');
      const open = await opened;
      assert.equal(open.agent.runtime.state.state, 'ready');
      assert.equal(shown.session, open.session, 'the chat got its session from the restarted agent');
      assert.equal(shown.headerStatus.state, 'ready');
    } finally {
      delete process.env.HELLO;
      delete process.env.HANG;
    }
  });

  it('session/new fails: the header says Failed, never Ready', async () => {
    await withAgent(...scripted('fault-new-error'));
    const { starter } = sessionParts;
    const shown = sessionParts.surfaces.sideBar;
    const feed = new HeaderStatusFeed(shown, sessionParts.registry);
    const told: string[] = [];
    feed.onDidChange((status) => told.push(status.label));
    assert.equal(shown.headerStatus.state, 'notStarted');
    const opening = starter.newSession(shown);
    assert.equal(shown.headerStatus.state, 'starting');
    await assert.rejects(opening, /could not open a session/);
    assert.equal(shown.agent?.status, 'ready', 'the agent itself is up');
    assert.deepEqual(shown.headerStatus, { state: 'failed', label: 'Failed' });
    assert.deepEqual(told, ['Starting…', 'Failed'], 'what the chat was told, in order: never Ready');
    feed.dispose();
  });
});
