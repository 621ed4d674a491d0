// What the agent last saw of each file, in one session: the state of the text it read or wrote. A write that
// finds the document changed since then (the user typed, or something reloaded it) overwrites text the agent
// never saw: a conflict. Cheap checks first (same document object, same version); the text is kept only up
// to a size cap, to compare when the version moved (typing then undoing is no conflict).
import { caseKey } from './pathKeys';

/** The state of a file's text at one moment. */
export interface TextState {
  /** The open document's identity (the object), when the text came from one. */
  document?: object;
  /** Its version then. */
  version?: number;
  /** The whole text with "\n" line endings, when known and not too large. */
  text?: string;
}

/** The document as it is now, just before a write. */
export interface CurrentText {
  document: object;
  version: number;
  isDirty: boolean;
  /** The whole text with "\n" line endings (computed only when needed). */
  text(): string;
}

export const MAX_BASELINE_CHARS = 4_000_000;

/** Did the text change since the agent last saw it? Without any record, unsaved changes count as unseen. */
export function changedSince(seen: TextState | undefined, now: CurrentText): boolean {
  if (!seen) return now.isDirty;
  if (seen.document !== undefined && seen.document === now.document && seen.version === now.version) return false;
  if (seen.text !== undefined) return seen.text !== now.text();
  return true;
}

/** One session's baselines (a files part owns them; they go with the session). */
export class Baselines {
  private readonly files = new Map<string, TextState>();

  get(file: string): TextState | undefined {
    return this.files.get(caseKey(file));
  }

  /** Records what the agent saw; a partial read of an unchanged document keeps the full text seen before. */
  record(file: string, state: TextState): void {
    const key = caseKey(file);
    const previous = this.files.get(key);
    const text = state.text !== undefined && state.text.length <= MAX_BASELINE_CHARS ? state.text : undefined;
    const sameDocument = previous !== undefined && state.document !== undefined && previous.document === state.document && previous.version === state.version;
    this.files.set(key, { document: state.document, version: state.version, text: text ?? (sameDocument ? previous.text : undefined) });
  }

  clear(): void {
    this.files.clear();
  }

  /** How many files the baselines hold. */
  get count(): number {
    return this.files.size;
  }
}
