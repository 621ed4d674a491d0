// Command line of the scripted agent: `[--scenario <file.json>] [--pace <factor>] [--login]`, or the environment
// variables ACP_SCENARIO and ACP_SCENARIO_PACE. Loads and validates the scenario file; without one the
// embedded demo scenario plays.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Scenario } from './scenario';
import { validateScenario } from './validate';

export interface CliOptions {
  /** Absolute path of the scenario file, or undefined for the embedded demo. */
  scenarioPath?: string;
  /** Multiplies every delay: 1 as written, 0 no pauses at all. */
  pace: number;
  /** Plays a terminal login (scenario `requireAuth.loginFile`) instead of speaking ACP. */
  login?: boolean;
}

export type Parsed = { ok: true; options: CliOptions } | { ok: false; message: string };
export type Loaded = { ok: true; scenario: Scenario } | { ok: false; message: string };

export const usage = 'usage: demo-agent [--scenario <file.json>] [--pace <factor>] [--login]  (env: ACP_SCENARIO, ACP_SCENARIO_PACE)';

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  let scenario = env.ACP_SCENARIO || undefined;
  let pace = env.ACP_SCENARIO_PACE || undefined;
  let login = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === '--login') {
      login = true;
      continue;
    }
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag !== '--scenario' && flag !== '--pace') return { ok: false, message: `unknown argument "${arg}"\n${usage}` };
    const value = inline ?? argv[++index];
    if (value === undefined || value === '') return { ok: false, message: `${flag} needs a value\n${usage}` };
    if (flag === '--scenario') scenario = value;
    else pace = value;
  }
  const factor = pace === undefined ? 1 : Number(pace);
  if (!Number.isFinite(factor) || factor < 0) return { ok: false, message: `pace must be a number >= 0, got "${pace}"` };
  return { ok: true, options: { scenarioPath: scenario === undefined ? undefined : path.resolve(scenario), pace: factor, ...(login ? { login } : {}) } };
}

export function loadScenarioFile(file: string): Loaded {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, message: `cannot read scenario file ${file}: ${(error as NodeJS.ErrnoException).message}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `scenario file ${file} is not valid JSON: ${(error as Error).message}` };
  }
  const result = validateScenario(value);
  if (result.ok) return result;
  const shown = result.problems.slice(0, 20).map((problem) => `  - ${problem}`);
  if (result.problems.length > shown.length) shown.push(`  ... and ${result.problems.length - shown.length} more`);
  return { ok: false, message: `invalid scenario file ${file}:\n${shown.join('\n')}` };
}
