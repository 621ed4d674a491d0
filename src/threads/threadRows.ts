// The Threads view's rows: every open session (agent, title, place, state, files changed) and the recent ones of the
// extension's record that are not open, grouped by folder; the words each row shows; the view's badge. No `vscode`.
import * as path from 'node:path';
import { inRoots } from '../history/historyBrowser';
import { byNewest, type SessionRecord } from '../history/sessionRecords';
import { sessionTitle } from '../session/openSessionView';
import type { SessionState } from '../shared/transcript/model';
import type { SessionKey } from '../shared/sessionKey';
import type { Checkout, Place } from './place';
import { placeOf } from './place';
import { stateLabel, threadState, type ThreadState } from './threadState';

/** How many recent sessions a folder lists. */
export const RECENT_PER_FOLDER = 20;

/** An open session as the rows read it (a SessionRegistry's OpenSession). */
export interface OpenThread {
  readonly key: SessionKey;
  readonly cwd: string;
  readonly opening: boolean;
  readonly readOnly?: boolean;
  readonly knownTitle?: string;
  readonly agent: { readonly definition: { readonly id: string; readonly name: string }; readonly summary: { readonly auth?: unknown } };
  readonly session: { readonly sessionId: string; readonly state: SessionState; readonly ended: boolean };
}

/** What the rows are made of. */
export interface ThreadSources {
  openSessions: readonly OpenThread[];
  /** The extension's record of sessions (newest first or not). */
  records: readonly SessionRecord[];
  /** The workspace folders (paths), in their order. */
  folders: readonly { name: string; path: string }[];
  isUnread(key: SessionKey): boolean;
  /** How many files of a conversation wait for review. */
  filesChanged(agentId: string, sessionId: string): number;
  /** The name of an agent that is not running, from the settings. */
  agentName(agentId: string): string | undefined;
  /** The git checkout a folder is in, when it was read (undefined: outside git, or not known yet). */
  checkout(cwd: string): Checkout | undefined;
}

interface RowBase {
  /** Unique in the view, stable across refreshes. */
  id: string;
  agentId: string;
  agentName: string;
  sessionId: string;
  title: string;
  cwd: string;
  place: Place;
  filesChanged: number;
}

export interface OpenRow extends RowBase {
  kind: 'open';
  key: SessionKey;
  state: ThreadState;
}

export interface RecentRow extends RowBase {
  kind: 'recent';
  /** ISO 8601: when it last had a turn. */
  updatedAt: string;
}

export type ThreadRow = OpenRow | RecentRow;

export interface ThreadGroup {
  id: string;
  /** The folder's name (a workspace folder's own name). */
  label: string;
  folder: string;
  open: OpenRow[];
  /** Newest first, at most RECENT_PER_FOLDER. */
  recent: RecentRow[];
}

export interface ThreadsView {
  /** More than one folder: rows are shown under their folder. */
  grouped: boolean;
  groups: ThreadGroup[];
}

export function openRows(sources: ThreadSources): OpenRow[] {
  const folders = sources.folders.map((folder) => folder.path);
  return sources.openSessions.map((open) => {
    const agentId = open.agent.definition.id;
    const sessionId = open.session.sessionId;
    return {
      kind: 'open',
      id: `open:${open.key}`,
      key: open.key,
      agentId,
      agentName: open.agent.definition.name,
      sessionId,
      title: sessionTitle(open.session.state, open.knownTitle),
      cwd: open.cwd,
      place: placeOf(open.cwd, folders, sources.checkout(open.cwd)),
      filesChanged: sources.filesChanged(agentId, sessionId),
      state: threadState({
        state: open.session.state,
        opening: open.opening,
        ended: open.session.ended,
        readOnly: open.readOnly,
        signInNeeded: open.agent.summary.auth !== undefined,
        unread: sources.isUnread(open.key),
      }),
    };
  });
}

/**
 * The recorded sessions of the workspace's folders that are not open, newest first; a session in a linked worktree
 * of a repository of theirs counts as theirs (a worktree thread, while its worktree is there).
 */
export function recentRows(sources: ThreadSources): RecentRow[] {
  const folders = sources.folders.map((folder) => folder.path);
  const open = new Set(sources.openSessions.map((item) => conversation(item.agent.definition.id, item.session.sessionId)));
  const ours = (cwd: string): boolean => {
    if (inRoots(cwd, folders)) return true;
    const checkout = sources.checkout(cwd);
    return checkout?.linked === true && checkout.mainRoot !== undefined && inRoots(checkout.mainRoot, folders);
  };
  return sources.records
    .filter((record) => !open.has(conversation(record.agentId, record.sessionId)) && ours(record.cwd))
    .sort(byNewest)
    .map((record) => ({
      kind: 'recent',
      id: `recent:${conversation(record.agentId, record.sessionId)}`,
      agentId: record.agentId,
      agentName: sources.agentName(record.agentId) ?? record.agentId,
      sessionId: record.sessionId,
      title: record.title ?? 'Untitled session',
      cwd: record.cwd,
      place: placeOf(record.cwd, folders, sources.checkout(record.cwd)),
      filesChanged: sources.filesChanged(record.agentId, record.sessionId),
      updatedAt: record.updatedAt,
    }));
}

/** Rows by folder: the workspace folders in their order, then other folders by name; open rows as opened. */
export function groupRows(open: readonly OpenRow[], recent: readonly RecentRow[], folders: ThreadSources['folders']): ThreadsView {
  const groups = new Map<string, ThreadGroup>();
  const groupOf = (folder: string): ThreadGroup => {
    let group = groups.get(folder);
    if (!group) {
      const label = folders.find((candidate) => path.resolve(candidate.path) === folder)?.name ?? path.basename(folder);
      group = { id: `folder:${folder}`, label: label || folder, folder, open: [], recent: [] };
      groups.set(folder, group);
    }
    return group;
  };
  open.forEach((row) => groupOf(row.place.folder).open.push(row));
  recent.forEach((row) => {
    const group = groupOf(row.place.folder);
    if (group.recent.length < RECENT_PER_FOLDER) group.recent.push(row);
  });
  const order = folders.map((folder) => path.resolve(folder.path));
  const rank = (group: ThreadGroup): number => {
    const index = order.indexOf(group.folder);
    return index === -1 ? order.length : index;
  };
  const sorted = [...groups.values()].sort((a, b) => rank(a) - rank(b) || a.label.localeCompare(b.label));
  return { grouped: folders.length > 1 || sorted.length > 1, groups: sorted };
}

export function threadsView(sources: ThreadSources): ThreadsView {
  return groupRows(openRows(sources), recentRows(sources), sources.folders);
}

/** What a row says beside its title: its state, its agent, a worktree's branch, the files changed (or when it last ran). */
export function rowDescription(row: ThreadRow, now: number): string {
  const state = row.kind === 'open' ? stateLabel(row.state, now) : ago(row.updatedAt, now);
  // A worktree's row names its branch where others name the agent (a thread's branch names its agent; the tooltip
  // has both): at 300 px the branch would be cut off behind the agent's name.
  return [state, row.place.branch ?? row.agentName, filesLabel(row.filesChanged)].filter(Boolean).join(' · ');
}

/** The row's tooltip and what a screen reader says of it. */
export function rowDetails(row: ThreadRow, now: number): string {
  const state = row.kind === 'open' ? (stateLabel(row.state, now) ?? 'Ready') : `Closed, last active ${ago(row.updatedAt, now)}`;
  const where = row.place.branch ? `${row.cwd} (worktree, branch ${row.place.branch})` : row.cwd;
  return [row.title, `${row.agentName} in ${where}`, state, filesLabel(row.filesChanged)].filter(Boolean).join('\n');
}

function filesLabel(count: number): string | undefined {
  if (count === 0) return undefined;
  return count === 1 ? '1 file changed' : `${count} files changed`;
}

/** "just now", "5 min ago", "3 h ago", "2 d ago". */
export function ago(iso: string, now: number): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'some time ago';
  const minutes = Math.floor(Math.max(0, now - time) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours} h ago` : `${Math.floor(hours / 24)} d ago`;
}

/** True while a row's words change with the clock (the elapsed time of a working session). */
export function ticks(row: ThreadRow): boolean {
  return row.kind === 'open' && row.state.kind === 'working' && row.state.since !== undefined;
}

/**
 * The view's badge: the sessions waiting for the user to sign in. The chat view's badge already counts those waiting
 * on a permission request or a question (src/webview/viewBadge.ts), and VS Code adds up the badges of a container's
 * views on its icon: so the icon counts each waiting session once.
 */
export function threadsBadge(rows: readonly OpenRow[]): { value: number; tooltip: string } | undefined {
  const count = rows.filter((row) => row.state.kind === 'waiting' && row.state.on === 'signIn').length;
  if (count === 0) return undefined;
  return { value: count, tooltip: count === 1 ? 'A session waits for you to sign in' : `${count} sessions wait for you to sign in` };
}

function conversation(agentId: string, sessionId: string): string {
  return `${agentId}\u0000${sessionId}`;
}
