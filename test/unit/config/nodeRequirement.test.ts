import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AGENT_PRESETS, presetForCommandLine } from '../../../src/config/agentPresets';
import { createNodeRequirementCheck, nodeMajorOf, nodeTooOldMessage, type NodeRequirementAgent } from '../../../src/config/nodeRequirement';
import { probeNodeVersion } from '../../../src/config/nodeVersionProbe';

/** A folder with a `node` that prints this version, as the only thing on a PATH. */
function fakeNodePath(version: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-fake-node-'));
  fs.writeFileSync(path.join(dir, 'node'), `#!/bin/sh\necho ${version}\n`, { mode: 0o755 });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

const claudePreset = AGENT_PRESETS.find((preset) => preset.id === 'claude')!;
const codexPreset = AGENT_PRESETS.find((preset) => preset.id === 'codex')!;
const asAgent = (id: string, command: string, args: string[]): NodeRequirementAgent => ({ id, name: id === 'claude' ? 'Claude Code' : id, command, args });

describe('the maintained Claude and Codex presets', () => {
  it('run the @agentclientprotocol packages with npx and say they need Node.js 22', () => {
    assert.deepEqual(claudePreset.args, ['-y', '@agentclientprotocol/claude-agent-acp']);
    assert.deepEqual(codexPreset.args, ['-y', '@agentclientprotocol/codex-acp']);
    for (const preset of [claudePreset, codexPreset]) {
      assert.equal(preset.command, 'npx');
      assert.equal(preset.minNodeMajor, 22, preset.id);
      assert.match(preset.needs, /Node\.js 22\+/, preset.id);
      assert.match(preset.install, /Node\.js 22 or later/, preset.id);
    }
  });

  it('are found by their exact command line only', () => {
    assert.equal(presetForCommandLine('npx', ['-y', '@agentclientprotocol/codex-acp']), codexPreset);
    assert.equal(presetForCommandLine('npx', ['-y', '@agentclientprotocol/codex-acp', '--extra']), undefined);
    assert.equal(presetForCommandLine('node', ['-y', '@agentclientprotocol/codex-acp']), undefined);
  });
});

describe('the Node.js version an agent asks for', () => {
  it('reads the major version of `node --version`', () => {
    assert.equal(nodeMajorOf('v20.11.1\n'), 20);
    assert.equal(nodeMajorOf('22.0.0'), 22);
    assert.equal(nodeMajorOf('command not found'), undefined);
  });

  it('tells the user when the node is older, naming both versions and what to do; says nothing otherwise', () => {
    const message = nodeTooOldMessage('Claude Code', 22, 'v20.11.1\n');
    assert.ok(message);
    assert.match(message, /^Claude Code needs Node\.js 22 or later, but the node it runs on is v20\.11\.1\./);
    assert.match(message, /install Node\.js 22 or later/);
    assert.equal(nodeTooOldMessage('Claude Code', 22, 'v22.0.0'), undefined);
    assert.equal(nodeTooOldMessage('Claude Code', 22, 'v24.1.0'), undefined);
    assert.equal(nodeTooOldMessage('Claude Code', 22, undefined), undefined, 'no node found: nothing is claimed');
    assert.equal(nodeTooOldMessage('Claude Code', 22, 'garbage'), undefined);
  });

  it("asks the real node on a PATH (this test's own node)", async () => {
    assert.equal(await probeNodeVersion(path.dirname(process.execPath)), process.version);
    assert.equal(await probeNodeVersion('/nonexistent-acp-folder'), undefined);
  });

  it('warns once when the Claude preset would start on a Node 20 PATH, not for a new enough node or another agent', async () => {
    const old = fakeNodePath('v20.11.1');
    const fresh = fakeNodePath('v22.5.0');
    const warnings: string[] = [];
    const check = createNodeRequirementCheck<NodeRequirementAgent>({
      minMajorFor: (agent) => presetForCommandLine(agent.command, agent.args)?.minNodeMajor,
      probe: probeNodeVersion,
      warn: (agent, message) => warnings.push(`${agent.id}: ${message}`),
    });
    try {
      const claude = asAgent('claude', 'npx', ['-y', '@agentclientprotocol/claude-agent-acp']);
      await check(claude, old.dir);
      await check(claude, old.dir);
      await check(asAgent('codex', 'npx', ['-y', '@agentclientprotocol/codex-acp']), fresh.dir);
      await check(asAgent('mine', 'npx', ['-y', 'some-other-agent']), old.dir);
      assert.equal(warnings.length, 1, `one warning: ${JSON.stringify(warnings)}`);
      assert.match(warnings[0], /^claude: Claude Code needs Node\.js 22 or later, but the node it runs on is v20\.11\.1\./);
    } finally {
      old.remove();
      fresh.remove();
    }
  });
});
