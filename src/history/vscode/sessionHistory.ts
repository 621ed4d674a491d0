// Session history in VS Code: the extension's own record of sessions and of the ones open (workspace storage), the
// history view's list, deleting, and bringing back after a window reload the sessions that were open.
import * as vscode from 'vscode';
import { SessionAbandonedError, type OpenSession, type ReopenRequest, type SessionRegistry } from '../../session/sessionRegistry';
import { readOnlyNotice } from '../localTranscript';
import type { LocalTranscripts } from './localTranscripts';
import type { SessionStarter, SurfaceSessions } from '../../session/surfaceSessions';
import type { ChatHandlers } from '../../session/chatHandlers';
import { sessionTitle } from '../../session/openSessionView';
import type { HistoryMessage } from '../../shared/protocol/sessionsProtocol';
import { HistoryAgent, HistoryBrowser } from '../historyBrowser';
import type { WorkspaceFileStore } from './workspaceFileStore';
import { forgetRecord, OpenRecord, readOpenRecords, readSessionRecords, SessionRecord, upsertRecord } from '../sessionRecords';
import { describeError } from '../../shared/text/errors';

/** Questions the history asks (tests answer them). */
export interface HistoryUserInterface {
  /** True to delete. `agentForgets`: the agent deletes it too (else only this record forgets it). */
  confirmDelete(title: string, agentName: string, agentForgets: boolean): Promise<boolean>;
  warn(message: string): void;
}

export const vscodeHistoryUserInterface: HistoryUserInterface = {
  async confirmDelete(title, agentName, agentForgets) {
    const detail = agentForgets
      ? `${agentName} deletes it: it leaves the history of every client. This cannot be undone.`
      : `It is forgotten here; ${agentName} may still keep it.`;
    const answer = await vscode.window.showWarningMessage(`Delete the session "${title}"?`, { modal: true, detail }, 'Delete');
    return answer === 'Delete';
  },
  warn(message) {
    void vscode.window.showWarningMessage(message);
  },
};

export interface SessionHistoryDeps {
  sessions: SessionRegistry;
  /** The side-bar chat (sessions reopened from the history come up there). */
  shown: SurfaceSessions;
  starter: SessionStarter;
  /** The id of the selected agent (the one new sessions use). */
  selectedAgentId(): string | undefined;
  /** The record of sessions. */
  recordStore: WorkspaceFileStore;
  /** The sessions open in this window, for the next one. */
  openStore: WorkspaceFileStore;
  /** The workspace folders. */
  roots(): string[];
  /** The name of an agent of the settings. */
  agentName(agentId: string): string | undefined;
  post(message: HistoryMessage): void;
  log(line: string): void;
  /** The local copies of conversations of agents that cannot load sessions. */
  transcripts: LocalTranscripts;
}

export class SessionHistory implements vscode.Disposable {
  ui: HistoryUserInterface = vscodeHistoryUserInterface;
  private readonly browser: HistoryBrowser;
  private readonly seen = new Map<string, { title: string; prompts: number }>();
  private lastOpen = '';
  private restoreAttempted = false;
  private readonly subscriptions: vscode.Disposable[];
  private readonly recordsEmitter = new vscode.EventEmitter<void>();
  /** The record of sessions changed (a session had a turn, closed, or was deleted). */
  readonly onDidChangeRecords = this.recordsEmitter.event;

  constructor(private readonly deps: SessionHistoryDeps) {
    this.browser = new HistoryBrowser({
      agents: () => this.historyAgents(),
      records: () => this.records(),
      isOpen: (agentId, sessionId) => deps.sessions.find(agentId, sessionId) !== undefined,
      hasLocalCopy: (agentId, sessionId) => deps.transcripts.has(agentId, sessionId),
      roots: deps.roots,
      post: deps.post,
    });
    // The list of open sessions is saved at once when a session opens, closes or is shown (a reload may come any
    // moment); titles and times follow with the coalesced list changes.
    const saveOpenNow = (): void => {
      if (this.restoreAttempted) void this.saveOpen();
    };
    this.subscriptions = [
      deps.sessions.onDidChangeSessions(() => void this.sessionsChanged()),
      deps.sessions.onDidCloseSession((open) => {
        this.sessionClosed(open);
        saveOpenNow();
      }),
      deps.sessions.onDidOpenSession(saveOpenNow),
      deps.shown.onDidChangeSession(saveOpenNow),
    ];
  }

  records(): SessionRecord[] {
    return readSessionRecords(this.deps.recordStore.get());
  }

  private setRecords(records: SessionRecord[]): void {
    this.deps.recordStore.set(records);
    this.recordsEmitter.fire();
  }

  openRecords(): OpenRecord[] {
    return readOpenRecords(this.deps.openStore.get());
  }

  /** The history view's list as it is now. */
  view(): HistoryMessage {
    return this.browser.view();
  }

  /** Registers the chat's history list with the chat: show it, more of it, open or delete one of its sessions. */
  chatHandlers(handlers: ChatHandlers): vscode.Disposable {
    return vscode.Disposable.from(
      handlers.handle(['showHistory'], () => this.showHistory()),
      handlers.handle(['moreHistory'], () => this.moreHistory()),
      handlers.handle(['openHistorySession'], (message, from) => this.open(message.agentId, message.sessionId, from.surface)),
      handlers.handle(['deleteHistorySession'], (message) => this.delete(message.agentId, message.sessionId)),
    );
  }

  showHistory(): Promise<void> {
    return this.browser.first();
  }

  moreHistory(): Promise<void> {
    return this.browser.more();
  }

  /**
   * Brings a session of the list back and shows it on `surface` (the one whose history list it was picked from, or a
   * chat tab that comes back after a reload). Its folder and title: the agent's list's, the record's, else those it
   * had when the window went away (a session nothing was said in yet is in no record).
   */
  async open(agentId: string, sessionId: string, surface: SurfaceSessions = this.deps.shown): Promise<void> {
    const same = (item: { agentId: string; sessionId: string }): boolean => item.agentId === agentId && item.sessionId === sessionId;
    const known = [this.browser.view().items.find(same), this.records().find(same), this.openRecords().find(same)];
    this.browser.setOpening({ agentId, sessionId }, true);
    try {
      const title = known.find((item) => item?.title)?.title;
      const cwd = known.find((item) => item?.cwd)?.cwd;
      await this.deps.starter.openFromHistory(surface, { ...this.withLocalCopy({ agentId, sessionId, cwd, title }), title: title ?? 'Untitled session' });
    } catch (error) {
      // Closed by the user while it was loading: what they wanted.
      if (!(error instanceof SessionAbandonedError)) throw error;
    } finally {
      this.browser.setOpening({ agentId, sessionId }, false);
    }
  }

  async delete(agentId: string, sessionId: string): Promise<void> {
    const item = this.browser.view().items.find((entry) => entry.agentId === agentId && entry.sessionId === sessionId);
    if (!item?.canDelete) throw new Error('That session cannot be deleted from here.');
    const running = this.deps.sessions.runningAgent(agentId);
    const agentForgets = running?.lifecycle.delete === true;
    if (!(await this.ui.confirmDelete(item.title ?? 'Untitled session', item.agentName, agentForgets))) return;
    const open = this.deps.sessions.find(agentId, sessionId);
    if (open) await this.deps.starter.close(open.key);
    if (agentForgets) await running.runtime.connection.deleteSession({ sessionId });
    this.setRecords(forgetRecord(this.records(), { agentId, sessionId }));
    this.deps.transcripts.forget(agentId, sessionId);
    this.browser.forget({ agentId, sessionId });
  }

  /**
   * Once per window, when the chat first shows: the sessions open when the window went away come back (loaded or
   * resumed, the shown one shown again). True when there were any to bring back.
   */
  async restoreOnce(): Promise<boolean> {
    if (this.restoreAttempted) return false;
    this.restoreAttempted = true;
    const records = this.openRecords();
    if (records.length === 0) return false;
    const failures: string[] = [];
    const ordered = [...records.filter((record) => record.shown), ...records.filter((record) => !record.shown)];
    for (const record of ordered) {
      try {
        // The one that was shown says in the chat why it could not come back (the chat stays on that); the others in a toast.
        if (record.shown) await this.deps.starter.openFromHistory(this.deps.shown, { ...this.withLocalCopy(record), title: record.title ?? 'Untitled session' });
        else await this.deps.starter.reopen(this.withLocalCopy(record));
      } catch (error) {
        if (!(error instanceof SessionAbandonedError)) failures.push(`"${record.title ?? record.sessionId}": ${describeError(error)}`);
      }
    }
    if (failures.length > 0) this.ui.warn(`Some sessions could not be brought back: ${failures.join('; ')}`);
    const { sessions, shown } = this.deps;
    const last = sessions.openSessions.at(-1);
    if (!shown.session && !shown.starting?.reopen && last) shown.show(last.key);
    return true;
  }

  /** The local copies of conversations of agents that cannot load sessions. */
  get transcripts(): LocalTranscripts {
    return this.deps.transcripts;
  }

  dispose(): void {
    this.deps.transcripts.dispose();
    this.subscriptions.forEach((subscription) => subscription.dispose());
    this.recordsEmitter.dispose();
  }

  /** The request with the conversation's local copy, when one is kept (its agent cannot load it). */
  private withLocalCopy(request: ReopenRequest): ReopenRequest {
    const copy = this.deps.transcripts.read(request.agentId, request.sessionId);
    if (!copy) return request;
    return {
      ...request,
      cwd: request.cwd ?? copy.cwd,
      title: request.title ?? copy.title,
      transcript: { entries: copy.entries, note: (agentName, reason) => readOnlyNotice(agentName, reason, copy.droppedEntries) },
    };
  }

  private async sessionsChanged(): Promise<void> {
    let records = this.records();
    let changed = false;
    for (const open of this.deps.sessions.openSessions) {
      const updated = this.recorded(records, open);
      if (updated) {
        records = updated;
        changed = true;
      }
    }
    if (changed) this.setRecords(records);
    // Until the sessions of the last window were brought back (or that was tried), their record is kept as it is.
    if (this.restoreAttempted) await this.saveOpen();
  }

  /** A closing session is recorded as it is now (the list's change comes after it is gone). */
  private sessionClosed(open: OpenSession): void {
    const records = this.recorded(this.records(), open);
    if (records) this.setRecords(records);
  }

  /** The record with this session's title and time, or undefined when nothing changed (or nothing was said yet). */
  private recorded(records: SessionRecord[], open: OpenSession): SessionRecord[] | undefined {
    if (open.opening) return undefined;
    const state = open.session.state;
    const prompts = state.entries.reduce((count, entry) => count + (entry.kind === 'user' ? 1 : 0), 0);
    if (prompts === 0) return undefined;
    const agentId = open.agent.definition.id;
    const sessionId = open.session.sessionId;
    const title = sessionTitle(state, open.knownTitle);
    const id = `${agentId}\u0000${sessionId}`;
    const before = this.seen.get(id);
    this.seen.set(id, { title, prompts });
    if (before && before.title === title && before.prompts === prompts) return undefined;
    // A session brought back keeps its time until it has a new turn.
    const known = before ? undefined : records.find((record) => record.agentId === agentId && record.sessionId === sessionId);
    const updatedAt = known?.updatedAt ?? new Date().toISOString();
    return upsertRecord(records, { agentId, sessionId, cwd: open.cwd, title, updatedAt });
  }

  private async saveOpen(): Promise<void> {
    const { sessions, shown } = this.deps;
    const open: OpenRecord[] = sessions.openSessions
      .filter((item) => !item.session.ended || item.readOnly)
      .map((item) => ({
        agentId: item.agent.definition.id,
        sessionId: item.session.sessionId,
        cwd: item.cwd,
        title: sessionTitle(item.session.state, item.knownTitle),
        shown: item.key === shown.currentKey,
      }));
    const json = JSON.stringify(open);
    if (json === this.lastOpen) return;
    this.lastOpen = json;
    this.deps.openStore.set(open);
  }

  private async historyAgents(): Promise<HistoryAgent[]> {
    const sessions = this.deps.sessions;
    const ids = new Set<string>();
    const selected = this.deps.selectedAgentId();
    if (selected) ids.add(selected);
    sessions.openSessions.forEach((open) => ids.add(open.agent.definition.id));
    this.records().forEach((record) => ids.add(record.agentId));
    const agents: HistoryAgent[] = [];
    for (const id of ids) {
      // The selected agent is started to ask it; others are asked only when they run already.
      const running =
        id === selected
          ? await sessions.startedAgent(id).catch((error: unknown) => {
              this.deps.log(`Starting ${id} for the history failed: ${String(error)}`);
              return undefined;
            })
          : sessions.runningAgent(id);
      const name = running?.name ?? this.deps.agentName(id) ?? id;
      if (!running) {
        agents.push({ id, name });
        continue;
      }
      const { lifecycle, runtime } = running;
      agents.push({
        id,
        name,
        lifecycle,
        ...(lifecycle.list ? { list: (params: { cwd?: string; cursor?: string }) => runtime.connection.listSessions(params) } : {}),
      });
    }
    return agents;
  }
}
