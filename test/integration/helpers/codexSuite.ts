// The set-up the real codex-acp 2.6 suites share: the extension, the fake Responses endpoint (reset before each
// test), codex-acp configured against it, a scratch folder; and the steps every test uses (a turn with a clear
// message when it hangs, the fake's script played to its end, a session closed and brought back by session/load).
// Call it inside the suite's `describe`, before its own hooks.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { AcpExtensionApi } from '../../../src/extension';
import type { Session } from '../../../src/session/session';
import { FakeOpenAi } from '../../fixtures/fake-openai';
import { skipWithout } from '../../harness/skips';
import { CODEX_ACP_26, useCodexAcp, codexAcpMissing } from './maintainedAgents';
import type { RealAgent } from './realAgent';
import { within } from './realAgentProcess';
import { scratchFolder } from './realAgentWorkspace';
import { activateExtension } from './scriptedAgent';

export const CODEX_TURN_MS = 60_000;

export interface CodexSuite {
  readonly api: AcpExtensionApi;
  readonly fake: FakeOpenAi;
  readonly dir: string;
  assertScriptPlayed(): void;
  turn(prompt: string): Promise<void>;
  /** Closes the session and opens it again from the history (session/load); the session brought back. */
  reopen(session: Session): Promise<Session>;
}

export function useCodexSuite(folder: string): CodexSuite {
  let api: AcpExtensionApi | undefined;
  let fake: FakeOpenAi | undefined;
  let agent: RealAgent | undefined;
  let dir: string | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    assert.ok(value !== undefined, `${what} is not set up (use the suite inside its tests)`);
    return value;
  };

  before(async function () {
    skipWithout(this, codexAcpMissing());
    api = await activateExtension();
    const verbose = process.env.ACP_TEST_VERBOSE === '1';
    fake = await FakeOpenAi.start({ log: verbose ? (line) => console.log(`[fake-openai] ${line}`) : undefined });
    agent = await useCodexAcp(api, fake);
    dir = scratchFolder(folder);
  });

  beforeEach(() => fake?.reset());

  after(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await agent?.dispose();
    await fake?.close();
  });

  const suite: CodexSuite = {
    get api() {
      return ready(api, 'the extension');
    },
    get fake() {
      return ready(fake, 'the fake model');
    },
    get dir() {
      return ready(dir, 'the scratch folder');
    },
    assertScriptPlayed() {
      assert.deepEqual(suite.fake.problems, [], 'the fake model had no problems');
      assert.equal(suite.fake.remainingSteps, 0, 'every scripted model turn was asked for');
    },
    turn(prompt) {
      const model = suite.fake;
      return within(suite.api.sessions.prompt(prompt), CODEX_TURN_MS, () =>
        `the turn did not end; the fake was asked ${model.requests.length} time(s), problems: ${model.problems.join('; ') || 'none'}`);
    },
    async reopen(session) {
      const { sessionId } = session;
      const key = suite.api.sessions.currentKey;
      assert.ok(key);
      await suite.api.sessions.close(key);
      await within(suite.api.history.showHistory(), CODEX_TURN_MS, 'the history did not load');
      await within(suite.api.history.open(CODEX_ACP_26.id, sessionId), CODEX_TURN_MS, 'session/load did not finish');
      const back = suite.api.sessions.find(CODEX_ACP_26.id, sessionId);
      assert.ok(back, 'the session is open again');
      return back.session;
    },
  };
  return suite;
}
