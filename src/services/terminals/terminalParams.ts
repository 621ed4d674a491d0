// Validation of terminal/* params (ACP schema: CreateTerminalRequest and the requests naming a terminal). What is
// read is checked; a bad value answers -32602 with a message that names the field. `_meta` and unknown fields are
// ignored. Absent and `null` mean the same for the optional fields.
import { isAbsolute } from 'node:path';
import { invalidParamsError } from '../../acp/errors';
import { isRecord } from '../../shared/text/narrow';

export interface EnvVariable {
  name: string;
  value: string;
}

export interface CreateTerminalParams {
  sessionId: string;
  command: string;
  /** Present and non-empty: run `command` with these arguments, no shell. Otherwise `command` is a shell line. */
  args: string[];
  env: EnvVariable[];
  /** Absolute; undefined means the session's cwd. */
  cwd: string | undefined;
  /** undefined means the client's default. */
  outputByteLimit: number | undefined;
}

export interface TerminalRef {
  sessionId: string;
  terminalId: string;
}

function invalid(method: string, field: string, problem: string): Error {
  return invalidParamsError(`Invalid ${method} params: "${field}" ${problem}`, { field });
}

/** A string without NUL characters (which no OS accepts in arguments, paths or the environment). */
function requireText(method: string, field: string, value: unknown, { nonEmpty }: { nonEmpty: boolean }): string {
  if (typeof value !== 'string') return fail(invalid(method, field, value === undefined ? 'is required' : 'must be a string'));
  if (nonEmpty && value.trim() === '') return fail(invalid(method, field, 'must not be empty'));
  if (value.includes('\0')) return fail(invalid(method, field, 'must not contain NUL characters'));
  return value;
}

function fail(error: Error): never {
  throw error;
}

function paramsRecord(method: string, params: unknown): Record<string, unknown> {
  if (!isRecord(params)) throw invalidParamsError(`Invalid ${method} params: expected an object`);
  return params;
}

function parseArgs(method: string, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(method, 'args', 'must be an array of strings');
  return value.map((arg, i) => requireText(method, `args[${i}]`, arg, { nonEmpty: false }));
}

function parseEnv(method: string, value: unknown): EnvVariable[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(method, 'env', 'must be an array of {name, value}');
  return value.map((item, i) => {
    if (!isRecord(item)) throw invalid(method, `env[${i}]`, 'must be an object {name, value}');
    const name = requireText(method, `env[${i}].name`, item.name, { nonEmpty: true });
    if (name.includes('=')) throw invalid(method, `env[${i}].name`, 'must not contain "="');
    return { name, value: requireText(method, `env[${i}].value`, item.value, { nonEmpty: false }) };
  });
}

function parseCwd(method: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const cwd = requireText(method, 'cwd', value, { nonEmpty: true });
  if (!isAbsolute(cwd)) throw invalid(method, 'cwd', `must be an absolute path, got ${JSON.stringify(cwd)}`);
  return cwd;
}

function parseLimit(method: string, value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalid(method, 'outputByteLimit', 'must be a non-negative integer');
  }
  return value;
}

export function parseCreateTerminal(params: unknown): CreateTerminalParams {
  const method = 'terminal/create';
  const p = paramsRecord(method, params);
  return {
    sessionId: requireText(method, 'sessionId', p.sessionId, { nonEmpty: true }),
    command: requireText(method, 'command', p.command, { nonEmpty: true }),
    args: parseArgs(method, p.args),
    env: parseEnv(method, p.env),
    cwd: parseCwd(method, p.cwd),
    outputByteLimit: parseLimit(method, p.outputByteLimit),
  };
}

/** Params of terminal/output, wait_for_exit, kill and release. */
export function parseTerminalRef(method: string, params: unknown): TerminalRef {
  const p = paramsRecord(method, params);
  return {
    sessionId: requireText(method, 'sessionId', p.sessionId, { nonEmpty: true }),
    terminalId: requireText(method, 'terminalId', p.terminalId, { nonEmpty: true }),
  };
}
