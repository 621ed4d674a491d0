// The history view's list: earlier sessions from each running agent's `session/list` (page by page, the cursor kept
// here and never stored) merged with the extension's own record, newest first. No `vscode` here.
import type { LifecycleCapabilities } from '../session/lifecycleCapabilities';
import type { HistoryItemView, HistoryMessage } from '../shared/protocol/sessionsProtocol';
import { byNewest, sameSession, SessionRecord } from './sessionRecords';
import { isRecord } from '../shared/text/narrow';
import { describeError } from '../shared/text/errors';

export interface ListPage {
  sessions?: unknown;
  nextCursor?: unknown;
}

/** An agent whose sessions the history shows. */
export interface HistoryAgent {
  id: string;
  name: string;
  /** What it offers, when it runs (unknown otherwise: its recorded sessions are offered and checked on opening). */
  lifecycle?: LifecycleCapabilities;
  /** `session/list`, when it runs and offers it. */
  list?(params: { cwd?: string; cursor?: string }): Promise<ListPage>;
}

export interface HistoryPorts {
  /** The agents to ask (the selected one started), and the names of the others in the record. */
  agents(): Promise<HistoryAgent[]>;
  records(): readonly SessionRecord[];
  isOpen(agentId: string, sessionId: string): boolean;
  /** A local copy of the conversation is kept (it opens read-only where its agent cannot bring it back). */
  hasLocalCopy?(agentId: string, sessionId: string): boolean;
  /** The workspace folders: the history shows their sessions only. */
  roots(): string[];
  post(message: HistoryMessage): void;
}

interface ListedSession {
  agentId: string;
  sessionId: string;
  cwd: string;
  title?: string;
  updatedAt?: string;
}

/** The SessionInfo items of a `session/list` answer, read leniently (malformed items are skipped). */
export function listedSessions(agentId: string, page: ListPage): ListedSession[] {
  if (!Array.isArray(page.sessions)) return [];
  return page.sessions.flatMap((info): ListedSession[] => {
    if (!isRecord(info) || typeof info.sessionId !== 'string' || info.sessionId === '' || typeof info.cwd !== 'string') return [];
    const listed: ListedSession = { agentId, sessionId: info.sessionId, cwd: info.cwd };
    if (typeof info.title === 'string' && info.title.trim()) listed.title = info.title;
    if (typeof info.updatedAt === 'string') listed.updatedAt = info.updatedAt;
    return [listed];
  });
}

/** True when `cwd` is one of the roots or inside one. */
export function inRoots(cwd: string, roots: readonly string[]): boolean {
  const strip = (path: string): string => path.replace(/[\\/]+$/, '');
  const folder = strip(cwd);
  return roots.some((root) => {
    const base = strip(root);
    return folder === base || folder.startsWith(`${base}/`) || folder.startsWith(`${base}\\`);
  });
}

export class HistoryBrowser {
  private listed: ListedSession[] = [];
  private agents: HistoryAgent[] = [];
  private cursors = new Map<string, string>();
  private errors: string[] = [];
  /** Sessions being brought back (`agentId NUL sessionId`). */
  private opening = new Set<string>();
  private loading = false;
  private generation = 0;

  constructor(private readonly ports: HistoryPorts) {}

  /** Fetches the first page of every agent that lists (the history view opened). */
  async first(): Promise<void> {
    const generation = ++this.generation;
    this.listed = [];
    this.cursors.clear();
    this.errors = [];
    this.setLoading(true);
    try {
      this.agents = await this.ports.agents();
    } catch (error) {
      this.agents = [];
      this.errors.push(describeError(error));
    }
    if (generation !== this.generation) return;
    await this.fetch(this.agents.filter((agent) => agent.list), generation, () => undefined);
  }

  /** Fetches the next page of the agents that have more. */
  async more(): Promise<void> {
    if (this.loading || this.cursors.size === 0) return;
    const generation = this.generation;
    this.setLoading(true);
    await this.fetch(
      this.agents.filter((agent) => agent.list && this.cursors.has(agent.id)),
      generation,
      (agent) => this.cursors.get(agent.id),
    );
  }

  /** A session was deleted or forgotten: it leaves the list. */
  forget(session: { agentId: string; sessionId: string }): void {
    this.listed = this.listed.filter((listed) => !sameSession(listed, session));
    this.post();
  }

  /** Marks a session as being brought back (or no longer), and shows it. */
  setOpening(session: { agentId: string; sessionId: string }, opening: boolean): void {
    const id = sessionIdOf(session);
    if (opening) this.opening.add(id);
    else this.opening.delete(id);
    this.post();
  }

  /** The list again (sessions opened or closed meanwhile). */
  refresh(): void {
    this.post();
  }

  view(): HistoryMessage {
    const roots = this.ports.roots();
    const byAgent = new Map(this.agents.map((agent) => [agent.id, agent]));
    const records = this.ports.records().filter((record) => inRoots(record.cwd, roots));
    const items: HistoryItemView[] = [];
    const seen = new Set<string>();
    const add = (session: ListedSession, fromAgentList: boolean): void => {
      const id = sessionIdOf(session);
      if (seen.has(id)) return;
      seen.add(id);
      const agent = byAgent.get(session.agentId);
      const recorded = records.find((record) => sameSession(record, session));
      const lifecycle = agent?.lifecycle;
      const localCopy = this.ports.hasLocalCopy?.(session.agentId, session.sessionId) === true;
      items.push({
        agentId: session.agentId,
        agentName: agent?.name ?? session.agentId,
        sessionId: session.sessionId,
        cwd: session.cwd,
        ...(session.title ?? recorded?.title ? { title: session.title ?? recorded?.title } : {}),
        ...(session.updatedAt ?? recorded?.updatedAt ? { updatedAt: session.updatedAt ?? recorded?.updatedAt } : {}),
        open: this.ports.isOpen(session.agentId, session.sessionId),
        canOpen: lifecycle ? lifecycle.load || lifecycle.resume || localCopy : true,
        ...(localCopy && !lifecycle?.load ? { readOnly: true } : {}),
        canDelete: lifecycle?.delete === true || !fromAgentList,
        ...(this.opening.has(id) ? { opening: true } : {}),
      });
    };
    for (const session of this.listed) add(session, true);
    for (const record of records) add(record, false);
    items.sort(byNewest);
    return {
      type: 'history',
      items,
      hasMore: this.cursors.size > 0,
      loading: this.loading,
      ...(this.errors.length > 0 ? { error: this.errors.join(' ') } : {}),
    };
  }

  private async fetch(agents: HistoryAgent[], generation: number, cursorOf: (agent: HistoryAgent) => string | undefined): Promise<void> {
    const roots = this.ports.roots();
    await Promise.all(
      agents.map(async (agent) => {
        const cursor = cursorOf(agent);
        try {
          const page = (await agent.list?.({ ...(roots.length === 1 ? { cwd: roots[0] } : {}), ...(cursor !== undefined ? { cursor } : {}) })) ?? {};
          if (generation !== this.generation) return;
          this.listed.push(...listedSessions(agent.id, page).filter((listed) => inRoots(listed.cwd, roots)));
          if (typeof page.nextCursor === 'string' && page.nextCursor !== '' && page.nextCursor !== cursor) this.cursors.set(agent.id, page.nextCursor);
          else this.cursors.delete(agent.id);
        } catch (error) {
          if (generation !== this.generation) return;
          this.cursors.delete(agent.id);
          this.errors.push(`${agent.name} could not list its sessions: ${describeError(error)}`);
        }
      }),
    );
    if (generation === this.generation) this.setLoading(false);
  }

  private setLoading(loading: boolean): void {
    this.loading = loading;
    this.post();
  }

  private post(): void {
    this.ports.post(this.view());
  }
}

function sessionIdOf(session: { agentId: string; sessionId: string }): string {
  return `${session.agentId}\u0000${session.sessionId}`;
}

