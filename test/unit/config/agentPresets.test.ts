import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AgentDefinition } from '../../../src/config/agentDefinitions';
import { AGENT_PRESETS, presetEntry, presetsNotConfigured } from '../../../src/config/agentPresets';
import { mergePaths, pathFromProbeOutput, probeLoginShellPath, TIME_LIMIT_MS } from '../../../src/config/loginShellPath';
import { waitUntil } from '../acp/harness';
import { ManualScheduler } from '../helpers/manualScheduler';

const agent = (id: string, command: string, args: string[] = []): AgentDefinition => ({ id, name: id, command, args, env: {}, builtIn: false });

describe('agent presets', () => {
  it('offers every popular agent, each with a command and an install hint', () => {
    assert.deepEqual(
      AGENT_PRESETS.map((preset) => preset.id),
      ['claude', 'codex', 'gemini', 'qwen', 'goose', 'copilot', 'opencode'],
    );
    for (const preset of AGENT_PRESETS) assert.ok(preset.command && preset.install && preset.needs, preset.id);
    // Plain words: no Markdown backticks in what the chat shows.
    for (const preset of AGENT_PRESETS) assert.doesNotMatch(`${preset.install} ${preset.needs}`, /`/, preset.id);
  });

  it('leaves out presets configured by id or by the same command line', () => {
    const left = presetsNotConfigured([agent('claude', 'x'), agent('mine', 'gemini', ['--acp'])]).map((p) => p.id);
    assert.equal(left.includes('claude'), false);
    assert.equal(left.includes('gemini'), false);
    assert.equal(left.includes('codex'), true);
  });

  it('makes an acp.agents entry the settings accept', () => {
    assert.deepEqual(presetEntry(AGENT_PRESETS[2]), { id: 'gemini', name: 'Gemini CLI', command: 'gemini', args: ['--acp'] });
  });
});

describe("the login shell's PATH", () => {
  it('reads the PATH between the markers, whatever start-up files print', () => {
    assert.equal(pathFromProbeOutput('welcome!\n__ACP_PATH__/a:/b__ACP_PATH__bye'), '/a:/b');
    assert.equal(pathFromProbeOutput('no markers'), undefined);
  });

  it("merges the shell's entries first, without duplicates or empty entries", () => {
    assert.equal(mergePaths('/opt/bin:/usr/bin', '/usr/bin::/bin', ':'), '/opt/bin:/usr/bin:/bin');
    assert.equal(mergePaths(undefined, '/bin', ':'), '/bin');
  });

  it('asks a real login shell', async () => {
    const found = await probeLoginShellPath('/bin/sh', 'linux');
    assert.ok(found && found.split(':').length > 0, `a PATH from /bin/sh: ${String(found)}`);
  });

  it('gives up on a login shell that hangs and ignores SIGTERM (as interactive shells do) at its time limit, and ends it', async function () {
    this.timeout(15_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-shell-'));
    const shell = path.join(dir, 'hanging-shell');
    const pidFile = path.join(dir, 'pid');
    // Ignores SIGTERM, and leaves a child holding its output open.
    fs.writeFileSync(shell, `#!/bin/sh\necho $$ > '${pidFile}'\ntrap '' TERM\nsleep 60 &\nsleep 60\n`, { mode: 0o755 });
    const clock = new ManualScheduler();
    let answered = false;
    try {
      const probing = probeLoginShellPath(shell, 'linux', (callback, delayMs) => clock.schedule(callback, delayMs));
      void probing.finally(() => (answered = true));
      await waitUntil(() => /^\d+\n$/.test(readIfThere(pidFile)), 5_000, 'the shell started');
      clock.advance(TIME_LIMIT_MS - 1);
      await new Promise(setImmediate);
      assert.equal(answered, false, 'no answer before the time limit');
      clock.advance(1);
      assert.equal(await probing, undefined);
      // Its process group: the shell and its sleeps.
      const group = -Number(fs.readFileSync(pidFile, 'utf8'));
      await waitUntil(() => !isRunning(group), 5_000, 'the hanging shell and its sleeps ended');
    } finally {
      clock.advance(TIME_LIMIT_MS);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the PATH as soon as the shell prints it, from a shell whose profile leaves it running (and ends that shell)', async function () {
    this.timeout(15_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-shell-'));
    const shell = path.join(dir, 'lingering-shell');
    const pidFile = path.join(dir, 'pid');
    // Runs the command, then stays (as a login profile that starts something in the foreground would).
    fs.writeFileSync(shell, `#!/bin/sh\necho $$ > '${pidFile}'\nshift 3\nPATH=/lingering/bin /bin/sh -c "$1"\ntrap '' TERM\nsleep 60\n`, { mode: 0o755 });
    // A clock that never moves: the answer cannot come from the time limit.
    const clock = new ManualScheduler();
    try {
      assert.equal(await probeLoginShellPath(shell, 'linux', (callback, delayMs) => clock.schedule(callback, delayMs)), '/lingering/bin');
      assert.equal(clock.pending, 0, 'the time limit was cancelled');
      // Its process group: the shell and the sleep its profile left running.
      const group = -Number(fs.readFileSync(pidFile, 'utf8'));
      await waitUntil(() => !isRunning(group), 5_000, 'the lingering shell and its sleep ended');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks nothing on Windows or without a shell', async () => {
    assert.equal(await probeLoginShellPath('/bin/sh', 'win32'), undefined);
    assert.equal(await probeLoginShellPath('', 'linux'), undefined);
  });
});

function readIfThere(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

