// Workspace Trust in the sessions (pool, registry, shown session): in an untrusted workspace no agent process is started (the summary says
// why), and once trust is granted the same agent starts on demand. Real child processes: the scripted agent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AgentRuntime } from '../../../src/acp/agentRuntime';
import { clientCapabilitiesFor } from '../../../src/acp/clientCapabilities';
import type { AgentDefinition } from '../../../src/config/agentDefinitions';
import { NO_CLIENT_FEATURES } from '../../../src/acp/clientRequests';
import { UNTRUSTED_WORKSPACE_MESSAGE } from '../../../src/session/agentPool';
import { createSessionsApi, SessionsApi } from '../../../src/testApi/sessionsApi';
import type { AgentSummary } from '../../../src/shared/protocol/webviewProtocol';
import { placesIn } from '../../../src/session/sessionPlace';

const agentEntry = path.resolve(__dirname, '..', '..', '..', 'src', 'demo', 'main.js');

describe('sessions: Workspace Trust', function () {
  this.timeout(20_000);
  let dir: string;
  let manager: SessionsApi;
  let trusted: boolean;
  let starts: number;
  let summaries: AgentSummary[];

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-trust-'));
    const scenario = path.join(dir, 'scenario.json');
    fs.writeFileSync(scenario, JSON.stringify({ name: 'trust', turns: [{ steps: [{ say: 'hi' }] }] }));
    trusted = false;
    starts = 0;
    summaries = [];
    manager = createSessionsApi({
      createRuntime: () => {
        const runtime = new AgentRuntime({
          launch: { command: process.execPath, args: [agentEntry, '--scenario', scenario, '--pace', '0'], cwd: dir },
          clientInfo: { name: 'unit-test', version: '0' },
          clientCapabilities: clientCapabilitiesFor(NO_CLIENT_FEATURES),
          log: { error: () => undefined, warn: () => undefined, info: () => undefined, log: () => undefined, stderr: () => undefined },
          traffic: { enabled: false, record: () => undefined },
        });
        runtime.onDidChangeState((change) => {
          if (change.state === 'starting') starts++;
        });
        return runtime;
      },
      placeFor: placesIn(() => [dir], () => dir),
      features: NO_CLIENT_FEATURES,
      log: () => undefined,
      workspaceTrusted: () => trusted,
    });
    manager.onDidChangeAgent((summary) => summaries.push(summary));
    const definition: AgentDefinition = { id: 'a', name: 'A', command: process.execPath, args: [], env: {}, builtIn: false };
    await manager.useAgent(definition);
  });

  afterEach(async () => {
    await manager.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds the agent back and says why: no process, no session, prompt and restart refused', async () => {
    assert.equal(manager.agent?.status, 'untrusted');
    assert.equal(manager.agent?.message, UNTRUSTED_WORKSPACE_MESSAGE);
    await assert.rejects(manager.newSession(), /not trusted/);
    await assert.rejects(manager.prompt('hello'), /not trusted/);
    await assert.rejects(manager.restartAgent(), /not trusted/);
    assert.equal(starts, 0, 'no agent process was started');
    assert.equal(manager.agentPid, undefined);
    assert.equal(manager.session, undefined);
  });

  it('starts the agent once trust is granted', async () => {
    trusted = true;
    manager.trustGranted();
    assert.equal(summaries.at(-1)?.status, 'notStarted', 'the panel hears that the agent may start now');
    assert.equal(summaries.at(-1)?.message, undefined);
    await manager.prompt('hello');
    assert.equal(starts, 1);
    assert.equal(manager.agent?.status, 'ready');
    assert.equal(manager.session?.state.header.lastStopReason, 'end_turn');
  });

  it('ignores a trust grant when nothing was held back', async () => {
    trusted = true;
    manager.trustGranted();
    const heard = summaries.length;
    manager.trustGranted();
    assert.equal(summaries.length, heard);
  });
});
