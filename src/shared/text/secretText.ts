// The secrets masked in text the extension keeps or shows: the chat as drawn, the local copies of conversations, the
// session history, the spill files (and, under secrets.ts, the logs and exports). Two kinds of secret:
// - known values, as they are and as they appear inside a JSON string (the caller passes them, see secrets.ts);
//   values shorter than MIN_KNOWN_SECRET_CHARS are left alone (a "1" or "true" would be masked all over the text);
// - well-known token shapes: `sk-...` (OpenAI, Anthropic), GitHub (`ghp_...`, `github_pat_...`), Slack (`xox?-`),
//   AWS access key ids (`AKIA...`), Google API keys (`AIza...`), `Bearer <token>` and `Basic <credentials>`.
// A secret is replaced by MASK; a token keeps its prefix (`sk-[masked]`). Secrets that overlap are masked as one.
//
// Where the line is: what the extension shows or keeps of its own is masked at the boundary where it leaves for the
// chat view (chat/view/maskedView.ts; commands' output: services/terminals/maskedTerminalText.ts) or for a file
// (history/localTranscript.ts, the history's and the review's stores, session/transcriptSpill.ts, the permission
// log). The session keeps the real text, so the agent gets the values it needs (and a command's real output). What the agent writes into the user's workspace (fs/write_text_file) is the user's content, written as the
// agent sent it; the review's copies of workspace files (baselines, what a checkpoint restores) are kept as they are
// too (review/ledgerData.ts): restoring must give the file back exactly.
//
// Text is masked by where its secrets are (`secretHits`), so a text that grows (a streamed message) can be masked
// from a point on (maskedStream.ts) with the same result as the whole text. Pure (no vscode, no node).
import { setOwn } from './narrow';

export const MASK = '[masked]';

/** Shorter known values are not masked as such (they would match everywhere); the token shapes still apply. */
export const MIN_KNOWN_SECRET_CHARS = 6;

/** Each shape's group 1 is the prefix that stays readable. */
const TOKEN_SHAPES: readonly RegExp[] = [
  /\b(sk-(?:ant-|proj-)?)[A-Za-z0-9_-]{16,}/g,
  /\b(gh[pousr]_)[A-Za-z0-9]{20,}/g,
  /\b(github_pat_)[A-Za-z0-9_]{20,}/g,
  /\b(xox[abeprs]-)[A-Za-z0-9-]{10,}/g,
  /\b(AKIA)[0-9A-Z]{16}\b/g,
  /\b(AIza)[0-9A-Za-z_-]{30,}/g,
  /\b((?:Bearer|Basic)\s+)[A-Za-z0-9._~+/=-]{8,}/g,
];

/** Where any token shape could start. */
const TOKEN_START = String.raw`\b(?:sk-|gh[pousr]_|github_pat_|xox[abeprs]-|AKIA|AIza|Bearer\s|Basic\s)`;

/**
 * How far before the end of a text a token that is not complete yet can start (the longest prefix and shortest
 * run above: `github_pat_` and 20, `AIza` and 30; `Bearer` and a few spaces), with room to spare.
 */
const TOKEN_REACH = 64;

/** The secrets of the moment, compiled for masking (see secretRules). */
export interface SecretRules {
  /** The known values as they are and as inside JSON strings, longest first. */
  readonly forms: readonly string[];
  /** How far back from the end of a growing text a secret it completes can start (see maskedStream.ts). */
  readonly reach: number;
  /** The values they were made from, to tell whether they changed. */
  readonly key: string;
  /** Where the first secret could start (a known value, or a token shape's start): one scan that finds nothing in almost all text. */
  readonly candidate: RegExp;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function secretRules(known: readonly string[]): SecretRules {
  const forms = new Set<string>();
  for (const value of known) {
    if (typeof value !== 'string' || value.length < MIN_KNOWN_SECRET_CHARS) continue;
    forms.add(value);
    forms.add(JSON.stringify(value).slice(1, -1));
  }
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  const candidate = new RegExp([...sorted.map(escapeRegExp), TOKEN_START].join('|'), 'g');
  return { forms: sorted, reach: (sorted[0]?.length ?? 0) + TOKEN_REACH, key: known.join('\u0000'), candidate };
}

/** The rules for the secrets `known()` gives, made again only when they change. */
export function cachedSecretRules(known: () => readonly string[]): () => SecretRules {
  let rules = secretRules([]);
  return () => {
    const values = known();
    if (values.join('\u0000') !== rules.key) rules = secretRules(values);
    return rules;
  };
}

/** One secret in a text: `[start, end)` matched, `[maskFrom, end)` is replaced (a token's prefix stays). */
export interface SecretHit {
  start: number;
  maskFrom: number;
  end: number;
}

/**
 * The secrets in `text` that start at `from` or later, ordered by where their masked part starts. The token shapes'
 * word boundaries see the text before `from`.
 */
export function secretHits(text: string, rules: SecretRules, start = 0): SecretHit[] {
  const hits: SecretHit[] = [];
  // No secret starts before the first candidate (none at all, mostly): the passes below start there.
  rules.candidate.lastIndex = start;
  const first = rules.candidate.exec(text);
  if (!first) return hits;
  const from = first.index;
  for (const form of rules.forms) {
    for (let at = text.indexOf(form, from); at >= 0; at = text.indexOf(form, at + 1)) hits.push({ start: at, maskFrom: at, end: at + form.length });
  }
  for (const shape of TOKEN_SHAPES) {
    shape.lastIndex = from;
    for (let match = shape.exec(text); match; match = shape.exec(text)) {
      hits.push({ start: match.index, maskFrom: match.index + match[1]!.length, end: match.index + match[0].length });
    }
  }
  if (hits.length > 1) hits.sort((a, b) => a.maskFrom - b.maskFrom);
  return hits;
}

/** `text[from, to)` with the hits' masked parts replaced by MASK (overlapping or touching ones by one MASK). */
export function renderMasked(text: string, hits: readonly SecretHit[], from: number, to: number): string {
  let out = '';
  let at = from;
  let masked = false;
  let index = 0;
  while (index < hits.length) {
    const start = Math.max(hits[index]!.maskFrom, at);
    let end = hits[index]!.end;
    index++;
    while (index < hits.length && hits[index]!.maskFrom <= end) end = Math.max(end, hits[index++]!.end);
    if (end <= at || start >= to) continue;
    out += text.slice(at, start) + MASK;
    at = Math.min(end, to);
    masked = true;
  }
  return masked ? out + text.slice(at, to) : text.slice(from, to);
}

/** `text` with every secret it shows replaced by MASK; the same string when it shows none. */
export function maskText(text: string, rules: SecretRules): string {
  const hits = secretHits(text, rules);
  return hits.length === 0 ? text : renderMasked(text, hits, 0, text.length);
}

/**
 * A JSON-like value with every string in it masked (maskText), except the members named in `keep` (ids that address
 * things). The same value (and the same objects inside it) where nothing was masked, so callers can tell.
 */
export function maskValue<T>(value: T, rules: SecretRules, keep: ReadonlySet<string> = NO_KEYS): T {
  if (typeof value === 'string') return maskText(value, rules) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const masked = maskValue(item, rules, keep);
      if (masked !== item) (copy ??= value.slice())[index] = masked;
    });
    return (copy ?? value) as T;
  }
  if (typeof value !== 'object' || value === null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (keep.has(key)) continue;
    const masked = maskValue(item, rules, keep);
    if (masked !== item) setOwn((copy ??= { ...(value as Record<string, unknown>) }), key, masked);
  }
  return (copy ?? value) as T;
}

const NO_KEYS: ReadonlySet<string> = new Set();
