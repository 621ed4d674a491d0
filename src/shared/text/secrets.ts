// Masks secrets (API keys, tokens, passwords) in text meant for logs and exports: the traffic log, the agent log,
// failure messages, exported transcripts. Pure (no vscode, no node), so host, webview and tests share it.
//
// What is masked:
// - every known secret value and the well-known token shapes, as in the chat and the files the extension keeps
//   (secretText.ts). The known values are every env value of an agent entry whatever its name and the values of
//   its secret-looking flags (see `agentSecretValues`), the MCP servers' headers and secret-named env values, the
//   API keys typed in to sign in;
// - in logs and exports only: the value of an assignment or a JSON member whose name looks secret:
//   `OPENAI_API_KEY=...`, `token: ...`, `"apiKey": "..."`, `"password":"..."` (string values only, so
//   `"outputTokens": 12` stays). The chat does not guess by names: `token = getToken()` in an agent's code sample
//   would be masked too.
// A mask keeps what makes the text readable (the name, the `sk-` prefix) and replaces the secret with MASK.

import { MASK, MIN_KNOWN_SECRET_CHARS, maskText, secretRules } from './secretText';

export { MASK, MIN_KNOWN_SECRET_CHARS };

/** Names of variables and members that hold secrets. */
const SECRET_NAME = /(?:api[_-]?key|apikey|access[_-]?key|secret|token|password|passwd|credential|authorization|private[_-]?key)/i;

/** `"name": "value"` (JSON, also with escaped quotes inside the value). */
const JSON_MEMBER = /("([^"\\]{0,100})"\s*:\s*")((?:[^"\\]|\\.)+)(")/g;
/** `NAME=value`, `name: value` outside JSON (env dumps, command lines, stderr). */
const ASSIGNMENT = /\b([A-Za-z][A-Za-z0-9_.-]{0,100})(\s*[=:]\s*["']?)(?!\[masked\])([^\s"',;&]{8,})/g;

/** Environment values whose variable names look secret (`ANTHROPIC_API_KEY`, `GITHUB_TOKEN`, ...). */
export function secretEnvValues(env: Readonly<Record<string, string>> | undefined): string[] {
  if (!env) return [];
  return Object.entries(env)
    .filter(([name, value]) => SECRET_NAME.test(name) && value.length >= MIN_KNOWN_SECRET_CHARS)
    .map(([, value]) => value);
}

/**
 * Flags whose value is a secret, by the flag's name without its dashes: `api-key`, `token`, `password`, `secret`,
 * `auth-token`, `access-token`, `key`, `pass`, `pwd`, `credentials`, `auth`, `client-secret`, and any name that ends
 * in one of them after a `-` or `_` (`--openai-api-key`, `--github_token`). `--max-tokens` or `--keyfile` are not.
 */
const SECRET_FLAG =
  /^(?:[A-Za-z0-9]+[-_])*(?:api[-_]?key|apikey|access[-_]?key|private[-_]?key|key|secret|token|password|passwd|pass|pwd|credentials?|auth)$/i;

/**
 * The values of an agent's command-line flags that carry secrets: `--api-key VALUE`, `--token=VALUE`, also with one
 * dash (`-password VALUE`, Go style). A flag of one letter (`-p`, `-k`) is not considered: too often a port or a
 * switch. A separate value that starts with `--` is taken for the next flag, not a value.
 */
export function secretArgValues(args: readonly string[] | undefined): string[] {
  const values: string[] = [];
  const list = args ?? [];
  for (let index = 0; index < list.length; index++) {
    const flag = /^--?([A-Za-z][A-Za-z0-9_-]+)(?:=([\s\S]*))?$/.exec(list[index]!);
    if (!flag || !SECRET_FLAG.test(flag[1]!)) continue;
    if (flag[2] !== undefined) values.push(flag[2]);
    else if (index + 1 < list.length && !list[index + 1]!.startsWith('--')) values.push(list[++index]!);
  }
  return values;
}

/**
 * What to mask for one agent entry: every value of its `env`, whatever the variable's name (an entry's env is where
 * keys are put), and the values of its secret flags in `args` (see secretArgValues); short values left out.
 */
export function agentSecretValues(agent: { env?: Readonly<Record<string, string>>; args?: readonly string[] }): string[] {
  const values = [...Object.values(agent.env ?? {}), ...secretArgValues(agent.args)];
  return [...new Set(values.filter((value) => typeof value === 'string' && value.length >= MIN_KNOWN_SECRET_CHARS))];
}

/** `text` with every secret it shows replaced by MASK: known values and token shapes (secretText.ts), then names. */
export function maskSecrets(text: string, known: readonly string[] = []): string {
  let masked = maskText(text, secretRules(known));
  masked = masked.replace(JSON_MEMBER, (match, head: string, name: string, value: string, tail: string) =>
    SECRET_NAME.test(name) && value !== MASK ? `${head}${MASK}${tail}` : match,
  );
  masked = masked.replace(ASSIGNMENT, (match, name: string, separator: string) =>
    SECRET_NAME.test(name) ? `${name}${separator}${MASK}` : match,
  );
  return masked;
}

/** A masker bound to the known secrets of the moment (they are looked up on every call). */
export function secretMasker(known: () => readonly string[]): (text: string) => string {
  return (text) => maskSecrets(text, known());
}
