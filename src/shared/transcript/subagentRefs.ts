// A tool call of a subagent (child session) as the change ledger records it: the child's session id, the call's id
// and the child's title at the time, in one string (the ledger keeps plain tool call ids, and persists them), so a
// change is attributed to the child that made it, shown with its title, and its card in the child's thread can be
// marked undone. Pure.

const SEPARATOR = '\u001f';
const MARK = 'subagent';

export interface ChildToolCallRef {
  childSessionId: string;
  toolCallId: string;
  title: string;
}

export function childToolCallRef(ref: ChildToolCallRef): string {
  return [MARK, ref.childSessionId, ref.toolCallId, ref.title].join(SEPARATOR);
}

/** The child's tool call a ledger id names; undefined for a tool call of the session itself. */
export function parseChildToolCallRef(id: string): ChildToolCallRef | undefined {
  const parts = id.split(SEPARATOR);
  if (parts.length < 4 || parts[0] !== MARK) return undefined;
  return { childSessionId: parts[1], toolCallId: parts[2], title: parts.slice(3).join(SEPARATOR) };
}

/** The titles of the subagents among ledger ids (each once, in order). */
export function subagentTitles(ids: readonly string[]): string[] {
  const titles: string[] = [];
  for (const id of ids) {
    const title = parseChildToolCallRef(id)?.title;
    if (title && !titles.includes(title)) titles.push(title);
  }
  return titles;
}
