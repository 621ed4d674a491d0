// Masks secrets (API keys, tokens, passwords) in text meant for logs and exports: the traffic log, the agent log,
// failure messages, exported transcripts. Pure (no vscode, no node), so host, webview and tests share it.
//
// What is masked:
// - every known secret value, as it is and as it appears inside a JSON string (the caller passes them: every env
//   value of an agent entry whatever its name and the values of its secret-looking flags, see `agentSecretValues`;
//   the MCP servers' headers and secret-named env values; the API keys typed in to sign in). Values shorter than
//   MIN_KNOWN_SECRET_CHARS are left alone (a "1" or "true" would be masked all over the text);
// - well-known token shapes: `sk-...` (OpenAI, Anthropic), GitHub (`ghp_...`, `github_pat_...`), Slack (`xox?-`),
//   AWS access key ids (`AKIA...`), Google API keys (`AIza...`);
// - `Bearer <token>` and `Basic <credentials>` (an Authorization header's value);
// - the value of an assignment or a JSON member whose name looks secret: `OPENAI_API_KEY=...`, `token: ...`,
//   `"apiKey": "..."`, `"password":"..."` (string values only, so `"outputTokens": 12` stays).
// A mask keeps what makes the text readable (the name, the `sk-` prefix) and replaces the secret with MASK.

export const MASK = '[masked]';

/** Shorter known values are not masked as such (they would match everywhere); the patterns still apply. */
export const MIN_KNOWN_SECRET_CHARS = 6;

/** Names of variables and members that hold secrets. */
const SECRET_NAME = /(?:api[_-]?key|apikey|access[_-]?key|secret|token|password|passwd|credential|authorization|private[_-]?key)/i;

const TOKEN_SHAPES: readonly RegExp[] = [
  /\b(sk-(?:ant-|proj-)?)[A-Za-z0-9_-]{16,}/g,
  /\b(gh[pousr]_)[A-Za-z0-9]{20,}/g,
  /\b(github_pat_)[A-Za-z0-9_]{20,}/g,
  /\b(xox[abeprs]-)[A-Za-z0-9-]{10,}/g,
  /\b(AKIA)[0-9A-Z]{16}\b/g,
  /\b(AIza)[0-9A-Za-z_-]{30,}/g,
  /\b((?:Bearer|Basic)\s+)[A-Za-z0-9._~+/=-]{8,}/g,
];

/** `"name": "value"` (JSON, also with escaped quotes inside the value). */
const JSON_MEMBER = /("([^"\\]{0,100})"\s*:\s*")((?:[^"\\]|\\.)+)(")/g;
/** `NAME=value`, `name: value` outside JSON (env dumps, command lines, stderr). */
const ASSIGNMENT = /\b([A-Za-z][A-Za-z0-9_.-]{0,100})(\s*[=:]\s*["']?)(?!\[masked\])([^\s"',;&]{8,})/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

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

/** `text` with every secret it shows replaced by MASK. */
export function maskSecrets(text: string, known: readonly string[] = []): string {
  let masked = text;
  const values = known.filter((value) => value.length >= MIN_KNOWN_SECRET_CHARS);
  // Longest first, so a secret that contains another is masked whole.
  for (const value of [...values].sort((a, b) => b.length - a.length)) {
    const forms = new Set([value, JSON.stringify(value).slice(1, -1)]);
    for (const form of forms) masked = masked.replace(new RegExp(escapeRegExp(form), 'g'), MASK);
  }
  for (const shape of TOKEN_SHAPES) masked = masked.replace(shape, (_match, prefix: string) => `${prefix}${MASK}`);
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
