// A subagent's thread brought back by session/load, with the scripted agent (test/fixtures/scenarios/
// subagents-load.json) replaying the child's updates under the child's sessionId as agents do: the thread comes back
// linked to its tool card, with its entries and its final state, once (no duplicate thread), and nothing is left
// "running" once the load is over.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import { workStateText } from '../../src/shared/transcript/subagentExport';
import type { SubagentEntry } from '../../src/shared/transcript/subagentModel';
import { activateExtension, repoRoot, scenarioPath, waitFor } from './helpers/scriptedAgent';

const AGENT = 'subagents-load';

function children(session: Session): SubagentEntry[] {
  return session.state.entries.filter((item): item is SubagentEntry => item.kind === 'subagent');
}

function texts(entry: SubagentEntry | undefined): string[] {
  return (entry?.entries ?? []).flatMap((item) => (item.kind === 'agent' ? [item.content.map((b) => (b.type === 'text' ? b.text : '')).join('')] : []));
}

describe('subagents brought back by session/load', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;
  let dir: string;

  before(async () => {
    api = await activateExtension();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-subagents-load-'));
    const config = vscode.workspace.getConfiguration('acp');
    const selected = waitFor(api.sessions.onDidChangeAgent, (agent) => agent.id === AGENT);
    await config.update(
      'agents',
      [
        {
          id: AGENT,
          name: `Scripted (${AGENT})`,
          command: process.execPath,
          args: [path.join(repoRoot(), 'dist', 'demo-agent.js'), '--scenario', scenarioPath(AGENT)],
          env: { ELECTRON_RUN_AS_NODE: '1', ACP_DEMO_STORE: path.join(dir, 'store.json') },
        },
      ],
      vscode.ConfigurationTarget.Global,
    );
    await config.update('defaultAgent', AGENT, vscode.ConfigurationTarget.Global);
    if (api.sessions.agent?.id !== AGENT) await selected;
    await api.agentSelected();
  });

  after(async () => {
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the thread comes back linked to its card, with its entries and final state, once; a child left running is not shown running', async () => {
    const first = await api.sessions.newSession();
    await api.sessions.prompt('delegate the reading');
    await api.sessions.prompt('abandon a child');
    const before = children(first);
    assert.deepEqual(before.map((entry) => [entry.childSessionId, entry.state?.state]), [['reader-1', 'idle'], ['left-2', 'running']]);
    const key = api.sessions.find(AGENT, first.sessionId)?.key;
    assert.ok(key);
    await api.sessions.close(key);

    await api.history.open(AGENT, first.sessionId);
    const back = api.sessions.session;
    assert.ok(back && back.sessionId === first.sessionId && back !== first, 'the session was loaded anew');
    const rows = children(back);
    assert.deepEqual(rows.map((entry) => entry.childSessionId), ['reader-1', 'left-2'], 'each thread once');
    const reader = rows[0];
    assert.equal(reader.title, 'Read the notes');
    assert.equal(reader.linkedToolCallId, 'task_reader', 'linked to its Task card again');
    assert.deepEqual(reader.extra, { model: 'small' }, 'unknown fields kept');
    assert.deepEqual([reader.state?.state, reader.state?.stopReason], ['idle', 'end_turn']);
    assert.deepEqual(reader.entries.map((item) => item.kind), ['thought', 'tool_call', 'agent']);
    assert.deepEqual(texts(reader), ['Child: the notes say hello.']);
    const call = reader.entries[1];
    assert.ok(call.kind === 'tool_call' && call.status === 'completed');
    const left = rows[1];
    assert.deepEqual(texts(left), ['Child: still at it.']);
    assert.equal(back.state.header.turn, 'idle');
    // The replay said "running" and nothing was heard from the child since: history, not live work.
    assert.deepEqual([left.state?.state, left.replayed], ['running', true], 'nothing is shown running once the load is over');
    assert.equal(workStateText(left.state, left.cancelling, left.replayed), 'last seen running');
    assert.equal(reader.replayed, undefined, 'a finished child is shown as it finished');
    assert.equal(rows.reduce((sum, entry) => sum + entry.waiting, 0), 0);
  });
});
