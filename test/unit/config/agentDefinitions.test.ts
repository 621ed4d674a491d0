import * as assert from 'node:assert/strict';
import { AgentDefinition, pickDefaultAgent, resolveAgents } from '../../../src/config/agentDefinitions';

const demo: AgentDefinition = { id: 'demo', name: 'Demo', command: 'node', args: ['demo.js'], env: {}, builtIn: true };

describe('agent definitions from settings', () => {
  it('puts the demo agent first and keeps valid user agents', () => {
    const { agents, problems } = resolveAgents(
      [{ id: 'claude', name: 'Claude', command: 'npx', args: ['-y', '@zed-industries/claude-agent-acp'], env: { A: '1' } }],
      demo,
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(agents.map((a) => a.id), ['demo', 'claude']);
    assert.deepEqual(agents[1], {
      id: 'claude', name: 'Claude', command: 'npx', args: ['-y', '@zed-industries/claude-agent-acp'], env: { A: '1' }, builtIn: false,
    });
  });

  it('names an agent by its id when it has no name, and defaults args and env', () => {
    const { agents } = resolveAgents([{ id: 'gemini', command: 'gemini' }], demo);
    assert.deepEqual(agents[1], { id: 'gemini', name: 'gemini', command: 'gemini', args: [], env: {}, builtIn: false });
  });

  it('reports each bad entry and keeps the good ones', () => {
    const { agents, problems } = resolveAgents(
      [null, { id: '', command: 'x' }, { id: 'a' }, { id: 'b', command: 'b', args: [1] }, { id: 'c', command: 'c', env: { X: 2 } }, { id: 'demo', command: 'evil' }, { id: 'ok', command: 'ok' }],
      demo,
    );
    assert.deepEqual(agents.map((a) => a.id), ['demo', 'ok']);
    assert.equal(problems.length, 6);
    assert.match(problems[5].message, /already taken/);
  });

  it('reports a setting that is not a list', () => {
    const { agents, problems } = resolveAgents({ id: 'x' }, demo);
    assert.deepEqual(agents, [demo]);
    assert.equal(problems.length, 1);
  });

  it('picks the configured default, or the demo agent when it does not exist', () => {
    const { agents } = resolveAgents([{ id: 'codex', command: 'codex-acp' }], demo);
    assert.equal(pickDefaultAgent(agents, 'codex').id, 'codex');
    assert.equal(pickDefaultAgent(agents, 'missing').id, 'demo');
    assert.equal(pickDefaultAgent(agents, undefined).id, 'demo');
  });
});
