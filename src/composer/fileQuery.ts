// The @-mention file picker's search, the pure part: the glob sent to workspace.findFiles for a query, the exclude
// glob made of `files.exclude` and `search.exclude`, and the ranking of what came back. No `vscode` here.
import type { FileHit } from '../shared/protocol/composerProtocol';

/** Characters that mean something in a glob; a query drops them rather than let them widen the search. */
const GLOB_SPECIALS = /[*?[\]{}!,\\]/g;

function caseInsensitive(text: string): string {
  let glob = '';
  for (const char of text) {
    const lower = char.toLowerCase();
    const upper = char.toUpperCase();
    glob += lower !== upper ? `[${lower}${upper}]` : char;
  }
  return glob;
}

/** `**\/*` for an empty query; otherwise files whose path contains the query (any case). */
export function includeGlob(query: string): string {
  const cleaned = query.replace(GLOB_SPECIALS, '').trim();
  return cleaned === '' ? '**/*' : `**/*${caseInsensitive(cleaned)}*`;
}

/** `a.{js,map}` -> [`a.js`, `a.map`] (nested groups too), so the patterns can go into one `{...}` group. */
export function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open === -1) return [pattern];
  let depth = 0;
  let close = -1;
  const commas: number[] = [];
  for (let i = open; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      close = i;
      break;
    } else if (char === ',' && depth === 1) commas.push(i);
  }
  if (close === -1) return [pattern];
  const bounds = [open, ...commas, close];
  const head = pattern.slice(0, open);
  const tail = pattern.slice(close + 1);
  const expanded: string[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    expanded.push(...expandBraces(head + pattern.slice(bounds[i] + 1, bounds[i + 1]) + tail));
  }
  return expanded;
}

/**
 * One glob of every pattern set to `true` in the given exclude settings (`files.exclude`, `search.exclude`).
 * Conditional entries (`{"when": ...}`) are left out: they depend on sibling files. Undefined when there are none.
 */
export function excludeGlob(...settings: (Record<string, unknown> | undefined)[]): string | undefined {
  const patterns = new Set<string>();
  for (const setting of settings) {
    for (const [pattern, on] of Object.entries(setting ?? {})) {
      if (on === true && pattern.trim() !== '') expandBraces(pattern).forEach((p) => patterns.add(p));
    }
  }
  if (patterns.size === 0) return undefined;
  return `{${[...patterns].join(',')}}`;
}

function score(hit: FileHit, query: string, open: ReadonlySet<string>): number {
  const name = hit.name.toLowerCase();
  const path = hit.path.toLowerCase();
  let points = open.has(hit.uri) ? 1 : 0;
  if (query === '') return points;
  if (name === query) points += 8;
  else if (name.startsWith(query)) points += 6;
  else if (name.includes(query)) points += 4;
  else if (path.includes(query)) points += 2;
  else return -1;
  return points;
}

/**
 * The hits that contain the query (any case), best first: exact name, name prefix, name contains, path contains;
 * files open in an editor before others of the same rank; then shorter paths, then alphabetical.
 */
export function rankFiles(hits: readonly FileHit[], query: string, limit: number, open: ReadonlySet<string> = new Set()): FileHit[] {
  const wanted = query.trim().toLowerCase();
  const seen = new Set<string>();
  const scored: { hit: FileHit; points: number }[] = [];
  for (const hit of hits) {
    if (seen.has(hit.uri)) continue;
    seen.add(hit.uri);
    const points = score(hit, wanted, open);
    if (points >= 0) scored.push({ hit, points });
  }
  scored.sort(
    (a, b) => b.points - a.points || a.hit.path.length - b.hit.path.length || a.hit.path.localeCompare(b.hit.path),
  );
  return scored.slice(0, limit).map((s) => s.hit);
}
