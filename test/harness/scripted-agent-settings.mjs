// User settings that make the built scripted agent, playing test/fixtures/scenarios/<scenario>.json, the default agent.
import path from 'node:path';
import { repoRoot } from './paths.mjs';

/** @param {string} scenario @param {Record<string, unknown>} [extra] more settings laid over these */
export function scriptedAgentSettings(scenario, extra = {}) {
  return {
    'acp.agents': [
      {
        id: 'scripted',
        name: `Scripted (${scenario})`,
        command: process.execPath,
        args: [path.join(repoRoot, 'dist', 'demo-agent.js'), '--scenario', path.join(repoRoot, 'test', 'fixtures', 'scenarios', `${scenario}.json`)],
      },
    ],
    'acp.defaultAgent': 'scripted',
    ...extra,
  };
}
