// Masks secrets (API keys, tokens, passwords) in text meant for logs and exports: the traffic log, the agent log,
// failure messages, exported transcripts. Pure (no vscode, no node), so host, webview and tests share it.
//
// What is masked:
// - every known secret value, as it is and as it appears inside a JSON string (the caller passes them, e.g. the
//   env values of agent definitions whose names look secret: see `secretEnvValues`);
// - well-known token shapes: `sk-...` (OpenAI, Anthropic), GitHub (`ghp_...`, `github_pat_...`), Slack (`xox?-`),
//   AWS access key ids (`AKIA...`), Google API keys (`AIza...`);
// - `Bearer <token>` and `Basic <credentials>` (an Authorization header's value);
// - the value of an assignment or a JSON member whose name looks secret: `OPENAI_API_KEY=...`, `token: ...`,
//   `"apiKey": "..."`, `"password":"..."` (string values only, so `"outputTokens": 12` stays).
// A mask keeps what makes the text readable (the name, the `sk-` prefix) and replaces the secret with MASK.

export const MASK = '[masked]';

/** Shorter known values are not masked as such (they would match everywhere); the patterns still apply. */
export const MIN_KNOWN_SECRET_CHARS = 8;

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
