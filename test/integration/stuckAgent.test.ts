// Agents that hang, in the real extension host: one that ignores session/cancel and never answers is said to be not
// stopping after the grace, and Restart sends the message queued behind it to the restarted agent; one that never
// answers initialize is ended at once by ACP: Restart Agent, and the chat's start goes on with the restarted agent;
// after a failed session/new the header does not say "Ready". Waits are on events (the product's own 5 s grace is
// the one real wait).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { PromptParts } from '../../src/shared/protocol/composerProtocol';
import type { SessionChange } from '../../src/shared/transcript/model';
import type { Session } from '../../src/session/session';
import { STOP_GRACE_MS } from '../../src/session/stopWatch';
import { DEADLINE_MS, scriptedEntry, untilGone, useAgentEntry } from './helpers/faultAgent';
import { watchProcess, within } from './helpers/realAgentProcess';
import { activateExtension, repoRoot, scenarioPath, waitFor } from './helpers/scriptedAgent';

function parts(text: string): PromptParts {
  return { text, mentions: [], images: [] };
}

function texts(session: Session): string[] {
  return session.state.entries.map((entry) =>
    entry.kind === 'notice' ? `notice: ${entry.text}` : entry.kind === 'user' || entry.kind === 'agent' ? `${entry.kind}: ${entry.content.map((block) => (block.type === 'text' ? block.text : '')).join('')}` : entry.kind,
  );
}

function until(session: Session, what: string, predicate: () => boolean, ms = DEADLINE_MS): Promise<unknown> {
  if (predicate()) return Promise.resolve();
  return within(waitFor<SessionChange>(session.onDidChange, predicate), ms, () => `never saw ${what}: ${JSON.stringify(texts(session))}`);
}

describe('agents that hang', function () {
  this.timeout(90_000);
  let api: AcpExtensionApi;
  const scratch: string[] = [];

  before(async () => {
    api = await activateExtension();
  });

  after(async () => {
    scratch.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('hung agent: ignores the cancel, is said to be not stopping, and Restart sends the queued message to the restarted agent', async () => {
    await useAgentEntry(api, scriptedEntry('fault-cancel-ignored'));
    const { starter } = api.sessions.parts;
    const shown = api.sessions.parts.surfaces.sideBar;
    const stuck = await api.sessions.newSession();
    void starter.submitPrompt(shown, stuck.key, parts('hang on this'));
    await until(stuck, 'the agent at work', () => texts(stuck).includes('agent: Working on it'));
    const firstPid = api.sessions.agentPid;

    await api.sessions.cancel(stuck.key);
    assert.equal(api.sessions.headerStatus.state, 'stopping');
    await starter.submitPrompt(shown, stuck.key, parts('and then this'));
    assert.equal(api.sessions.get(stuck.key)?.prompts.queue.length, 1, 'queued behind the stuck turn');
    await until(stuck, 'the not-stopping notice', () => stuck.stopOverdue, STOP_GRACE_MS + DEADLINE_MS);
    const notice = stuck.state.entries.at(-1);
    assert.ok(notice?.kind === 'notice');
    assert.match(notice.text, /^Fault \(fault-cancel-ignored\) is not stopping: it was asked to stop 5 seconds ago and has not ended its turn\. Restart it to go on/);
    assert.deepEqual(notice.failure, { restart: true }, 'with Restart agent');
    assert.deepEqual(api.sessions.headerStatus, { state: 'notStopping', label: 'Not stopping' });

    await within(api.sessions.restartAgent(), DEADLINE_MS, 'Restart did not come back');
    assert.equal(stuck.ended, true);
    assert.equal(stuck.state.header.lastStopReason, 'cancelled', 'the stuck turn shows as cancelled');
    assert.notEqual(api.sessions.agentPid, firstPid, 'a new agent process');
    const next = api.sessions.session;
    assert.ok(next && next !== stuck, 'a new session took over from the stuck one');
    await until(next, "the restarted agent's answer to the queued message", () => texts(next).includes('agent: Answered: and then this') && next.state.header.turn === 'idle');
    assert.equal(texts(next)[0], 'user: and then this');
    assert.deepEqual(api.sessions.headerStatus, { state: 'ready', label: 'Ready' });
  });

  it('initialize never answered: ACP: Restart Agent ends the stuck process at once and the chat gets its session', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-stuck-start-'));
    scratch.push(dir);
    const watch = watchProcess();
    const fifo = /^3>'(.+)'$/.exec(watch.redirect)?.[1];
    assert.ok(fifo);
    // The first start never answers initialize (and holds the FIFO while it lives); every later one is hello.
    const script = 'm=$1 f=$2 hello=$3 hang=$4; shift 4; if [ -e "$m" ]; then exec "$@" "$hello"; fi; : > "$m"; exec 3<>"$f"; exec "$@" "$hang"';
    const base = scriptedEntry('hello');
    const entry = {
      ...base,
      name: 'Hangs once',
      command: '/bin/sh',
      args: ['-c', script, 'acp-agent', path.join(dir, 'started'), fifo, scenarioPath('hello'), scenarioPath('fault-init-hang'), process.execPath, path.join(repoRoot(), 'dist', 'demo-agent.js'), '--scenario'],
    };
    try {
      await useAgentEntry(api, entry);
      const opened = api.sessions.newSession();
      await within(watch.opened, DEADLINE_MS, 'the hanging agent did not start');
      assert.equal(api.sessions.headerStatus.state, 'starting');
      assert.equal(api.sessions.agent?.status, 'starting');

      await vscode.commands.executeCommand('acp.restartAgent');
      await untilGone(watch, 'the stuck agent after Restart Agent');
      const session = await within(opened, DEADLINE_MS, 'the chat\'s start did not go on with the restarted agent');
      assert.equal(api.sessions.session, session, 'the chat shows the session of the restarted agent');
      assert.equal(api.sessions.agent?.status, 'ready');
      assert.deepEqual(api.sessions.headerStatus, { state: 'ready', label: 'Ready' });
    } finally {
      watch.dispose();
    }
  });

  it('session/new fails: the header says Failed, not Ready', async () => {
    await useAgentEntry(api, scriptedEntry('fault-new-error'));
    await assert.rejects(api.sessions.newSession(), /could not open a session/);
    assert.equal(api.sessions.agent?.status, 'ready', 'the agent itself is up');
    assert.deepEqual(api.sessions.headerStatus, { state: 'failed', label: 'Failed' });
  });
});
