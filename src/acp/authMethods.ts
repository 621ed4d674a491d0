// The agent's `authMethods` (from its initialize answer), read leniently: the spec's `agent` (the default when
// there is no `type`) and `terminal` methods, the former `env_var` method that agents still send (the variables
// the client collects and passes in the agent's environment), and any other type kept and shown as it is.
// Also: whether an error is ACP's auth_required. Pure.
import { isRecord } from '../shared/text/narrow';
import type { AuthChoice } from '../shared/protocol/webviewProtocol';

/** ACP's auth_required error code. */
export const AUTH_REQUIRED_CODE = -32000;

export interface AuthEnvVar {
  name: string;
  /** What to call it when asking the user. */
  label?: string;
  /** Asked for with a password box unless false. */
  secret: boolean;
  /** The user may leave it empty. */
  optional: boolean;
}

interface MethodBase {
  id: string;
  name: string;
  description?: string;
}

export type AuthMethod =
  | (MethodBase & { kind: 'agent' })
  | (MethodBase & { kind: 'terminal'; args: string[]; env: Record<string, string> })
  | (MethodBase & { kind: 'env_var'; vars: AuthEnvVar[]; link?: string })
  | (MethodBase & { kind: 'other'; type: string });

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function stringMap(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function envVar(value: unknown): AuthEnvVar | undefined {
  if (typeof value === 'string') return ENV_NAME.test(value) ? { name: value, secret: true, optional: false } : undefined;
  if (!isRecord(value) || typeof value.name !== 'string' || !ENV_NAME.test(value.name)) return undefined;
  const made: AuthEnvVar = { name: value.name, secret: value.secret !== false, optional: value.optional === true };
  if (typeof value.label === 'string' && value.label !== '') made.label = value.label;
  return made;
}

/** `vars` (a list of {name, label?, secret?, optional?}), or the older single `varName`. */
function envVars(method: Record<string, unknown>): AuthEnvVar[] {
  const listed = Array.isArray(method.vars) ? method.vars : method.varName !== undefined ? [method.varName] : [];
  return listed.map(envVar).filter((v): v is AuthEnvVar => v !== undefined);
}

function parseMethod(value: unknown): AuthMethod | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') return undefined;
  const base: MethodBase = { id: value.id, name: typeof value.name === 'string' && value.name !== '' ? value.name : value.id };
  if (typeof value.description === 'string' && value.description !== '') base.description = value.description;
  const type = value.type;
  if (type === undefined || type === null || type === 'agent') return { ...base, kind: 'agent' };
  if (type === 'terminal') return { ...base, kind: 'terminal', args: stringList(value.args), env: stringMap(value.env) };
  if (type === 'env_var') {
    const vars = envVars(value);
    if (vars.length === 0) return { ...base, kind: 'other', type };
    const method: AuthMethod = { ...base, kind: 'env_var', vars };
    if (typeof value.link === 'string' && /^https?:\/\//.test(value.link)) method.link = value.link;
    return method;
  }
  return { ...base, kind: 'other', type: typeof type === 'string' ? type : JSON.stringify(type) };
}

/** The methods of an initialize answer's `authMethods`; malformed entries and repeated ids are skipped. */
export function parseAuthMethods(authMethods: unknown): AuthMethod[] {
  if (!Array.isArray(authMethods)) return [];
  const seen = new Set<string>();
  const methods: AuthMethod[] = [];
  for (const parsed of authMethods.map(parseMethod)) {
    if (!parsed || seen.has(parsed.id)) continue;
    seen.add(parsed.id);
    methods.push(parsed);
  }
  return methods;
}

/** What the chat shows of a method: one button each; a type this client does not know is shown, not offered. */
export function authChoice(method: AuthMethod): AuthChoice {
  const choice: AuthChoice = { methodId: method.id, name: method.name, kind: method.kind, actionable: method.kind !== 'other' };
  if (method.description) choice.description = method.description;
  if (method.kind === 'other') choice.note = `This client does not know how to use "${method.type}" sign-in.`;
  if (method.kind === 'env_var') choice.note = `Asks for ${method.vars.map((v) => v.name).join(', ')} and keeps it in VS Code's secret storage.`;
  if (method.kind === 'terminal') choice.note = 'Opens a terminal where you sign in; the agent restarts after.';
  return choice;
}

/** session/new was refused until the user signs in (the chat shows how). */
export class AuthRequiredError extends Error {
  readonly code = AUTH_REQUIRED_CODE;

  constructor(agentName: string) {
    super(`${agentName} needs you to sign in: choose how in the ACP chat panel.`);
    this.name = 'AuthRequiredError';
  }
}

/** True for ACP's auth_required error (code -32000), as a JSON-RPC error object or ResponseError. */
export function isAuthRequired(error: unknown): boolean {
  return isRecord(error) && error.code === AUTH_REQUIRED_CODE;
}

/** Whether the agent offers `logout` (`agentCapabilities.auth.logout` present and not null). */
export function advertisesLogout(agentCapabilities: unknown): boolean {
  if (!isRecord(agentCapabilities) || !isRecord(agentCapabilities.auth)) return false;
  return isRecord(agentCapabilities.auth.logout);
}
