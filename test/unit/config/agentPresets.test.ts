import * as assert from 'node:assert/strict';
import type { AgentDefinition } from '../../../src/config/agentDefinitions';
import { AGENT_PRESETS, presetEntry, presetsNotConfigured } from '../../../src/config/agentPresets';
import { mergePaths, pathFromProbeOutput, probeLoginShellPath } from '../../../src/config/loginShellPath';

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

  it('asks nothing on Windows or without a shell', async () => {
    assert.equal(await probeLoginShellPath('/bin/sh', 'win32'), undefined);
    assert.equal(await probeLoginShellPath('', 'linux'), undefined);
  });
});
