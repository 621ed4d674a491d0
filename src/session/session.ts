// One ACP session: its state (through the pure reducer) and the parts that act on it: its prompt turns
// (sessionTurns.ts), permission requests (sessionPermissions.ts), elicitations (sessionElicitations.ts) and subagents
// (sessionChildren.ts), and what the features keep for it (featureParts.ts).
// No `vscode` here, so unit tests can run it against an in-memory agent.
import { CancellationToken, Emitter, Event } from 'vscode-jsonrpc/node';
import type { SessionRequestMethod } from '../acp/clientConnection';
import type {
  ContentBlock,
  RequestPermissionResponse,
  SetSessionConfigOptionRequest,
  SetSessionConfigOptionResponse,
  SetSessionModeRequest,
  SetSessionModeResponse,
} from '../shared/acp';
import type { ConfigValue } from '../shared/protocol/composerProtocol';
import type { EntryId, NoticeEntry, NoticeFailure, NoticeSeverity, SessionChange, SessionState, TranscriptEntry, UserMessageEntry } from '../shared/transcript/model';
import type { FailedStep, FailureReport } from '../acp/failureMessage';
import { addNotice, applySessionUpdate, createSessionState, markToolCallsUndone } from '../shared/transcript/reducer';
import { applySessionSetup, replaceConfigOptions, setCurrentMode } from '../shared/transcript/sessionSetup';
import { applyPlanFileText } from '../shared/transcript/plans';
import { requestKeyOf, SessionKey } from '../shared/sessionKey';
import type { SessionPart, SessionScope } from '../acp/clientRequests';
import { ElicitationAnswer, ElicitationAnswerResult, SessionElicitations } from './sessionElicitations';
import { PermissionBroker } from './permissionBroker';
import { ASK_THE_USER, PermissionGate } from './permissionGate';
import { describeError } from '../shared/text/errors';
import { TextBudget } from '../shared/transcript/transcriptCaps';
import { FileTranscriptSpill, TranscriptSpill, defaultSpillBase } from './transcriptSpill';
import { SessionChildren, splitChildRefs } from './sessionChildren';
import { SessionPermissions } from './sessionPermissions';
import { FeatureParts } from './featureParts';
import { SessionTurns, TurnObserver, TurnTransport } from './sessionTurns';
import { recalledTitle } from './openSessionView';

/** The part of the agent connection a session talks through. */
export interface SessionTransport extends TurnTransport {
  setMode?(params: SetSessionModeRequest): Promise<SetSessionModeResponse>;
  setConfigOption?(params: SetSessionConfigOptionRequest): Promise<SetSessionConfigOptionResponse>;
}

export class Session {
  readonly state: SessionState;
  private readonly updateListeners = new Set<(update: unknown, childSessionId?: string) => void>();
  private readonly changeEmitter = new Emitter<SessionChange>();
  readonly onDidChange: Event<SessionChange> = this.changeEmitter.event;
  /** A prompt was refused with auth_required (the error is passed on). */
  readonly onDidRequireAuth: Event<unknown>;
  /** Its prompt turns: one runs at a time, from the user's message to the agent's stop reason. */
  private readonly turns: SessionTurns;
  private readonly permissions: PermissionBroker;
  /** Its permission requests (and its subagents'), through the user's policy. */
  private readonly permissionRequests: SessionPermissions;
  private readonly elicitations: SessionElicitations;
  /** The subagent sessions the agent runs for this one (their updates, requests and cancel). */
  private readonly children: SessionChildren;
  /** What the features keep for it: the parts made with it serve its requests; all are released with it. */
  private readonly parts: FeatureParts;
  private lost = false;
  /** Keeps the transcript's text under its cap (transcriptCaps.ts); what is cut or dropped goes to `spill`. */
  private readonly budget: TextBudget;
  private readonly spill: TranscriptSpill;

  /** The agent's id of this session. */
  readonly sessionId: string;
  /** The client's key of this session: its identity in the UI, the features and the notifiers. */
  readonly key: SessionKey;

  constructor(
    readonly scope: SessionScope,
    private readonly transport: () => SessionTransport,
    /** What the features keep for this session (files, terminals): it serves their requests and releases them. */
    parts: readonly SessionPart[] = [],
    private readonly log: (line: string) => void = () => undefined,
    private readonly now: () => number = Date.now,
    /** The user's permission policy, consulted before the user is asked. */
    gate: PermissionGate = ASK_THE_USER,
    spill?: TranscriptSpill,
  ) {
    this.sessionId = scope.sessionId;
    this.key = scope.sessionKey;
    this.state = createSessionState(scope.sessionId);
    this.budget = new TextBudget(this.state);
    this.spill = spill ?? new FileTranscriptSpill(defaultSpillBase(), scope.sessionKey, log);
    this.parts = new FeatureParts(parts, log, (text) => this.notice('error', text));
    const requestKeyPrefix = requestKeyOf(scope.sessionKey, '');
    this.permissions = new PermissionBroker(requestKeyPrefix);
    this.children = new SessionChildren(this.state, (change) => this.emit(change), log);
    this.elicitations = new SessionElicitations(this.children, (change) => this.emit(change), requestKeyPrefix);
    this.turns = new SessionTurns({
      state: this.state,
      transport,
      permissions: this.permissions,
      elicitations: this.elicitations,
      emit: (change) => this.emit(change),
      notice: (severity, text, detail, failure) => this.notice(severity, text, detail, failure),
      log,
      now,
    });
    this.onDidRequireAuth = this.turns.onDidRequireAuth;
    this.permissionRequests = new SessionPermissions({
      scope,
      gate,
      broker: this.permissions,
      children: this.children,
      stopping: () => this.turns.stopping,
      lost: () => this.lost,
      emit: (change) => this.emit(change),
      notice: (severity, text) => this.notice(severity, text),
      now,
    });
  }

  /** True once the agent behind this session is gone; a new prompt needs a new session. */
  get ended(): boolean {
    return this.lost;
  }

  get busy(): boolean {
    return this.turns.busy;
  }

  /** The agent was asked to stop the running turn and has not, past the grace the client gives it. */
  get stopOverdue(): boolean {
    return this.turns.stopOverdue;
  }

  /**
   * The agent has not stopped the turn it was asked to stop: the chat says so (`text`) and offers Restart. The turn
   * stays "Stopping…" underneath: a late answer still ends it.
   */
  noteStopOverdue(text: string): void {
    this.turns.noteStopOverdue(text);
  }

  /** How the session words the failures of its requests (the agent's name, its stderr tail): set by its owner. */
  reportFailuresWith(describe: (step: FailedStep, error: unknown) => FailureReport): void {
    this.turns.reportFailuresWith(describe);
  }

  /**
   * Sends a prompt and resolves when the turn is over (whatever way it ended). `shown` is called once the user's
   * message is in the transcript (synchronously, before the first await).
   */
  prompt(content: ContentBlock[], shown?: () => void): Promise<void> {
    return this.turns.run(content, shown);
  }

  /** Cancels the running turn: pending permission requests answer `cancelled`, unfinished tool calls show so. */
  cancel(): Promise<void> {
    return this.turns.cancel();
  }

  /** The `modes` and `configOptions` of the session/new (or session/load) answer; what was replayed is history. */
  applySetup(response: unknown, knownTitle?: string): void {
    this.emit(applySessionSetup(this.state.header, response));
    this.children.replayEnded();
    const title = recalledTitle(this.state, knownTitle);
    if (title) this.emit(applySessionUpdate(this.state, { sessionUpdate: 'session_info_update', title }, this.now()));
  }

  /** Brought back with `session/resume`: the agent has the conversation, the chat does not (no replay). */
  resumedWithoutReplay(): void {
    if (this.state.entries.length === 0) this.notice('info', 'Session resumed: the agent remembers the earlier conversation, which is not shown here.');
  }

  /** Puts back a conversation's entries kept locally (before anything else is in the transcript). */
  restoreTranscript(entries: readonly TranscriptEntry[]): void {
    if (entries.length === 0 || this.state.entries.length > 0) return;
    this.state.entries.push(...entries);
    this.emit({ entries: entries.map((entry) => entry.id), header: false });
  }

  /** A local copy no agent goes on with: it is over like a session whose agent went away, and the chat says why. */
  openedReadOnly(note: string): void {
    this.lost = true;
    void this.parts.release();
    this.notice('info', note);
  }

  /** A line the client adds to the transcript (a checkpoint restore's rewind marker); returns its entry id. */
  addClientNotice(severity: NoticeSeverity, text: string, fields: Pick<NoticeEntry, 'detail' | 'rewind'> = {}): string {
    const change = addNotice(this.state, severity, text, fields.detail);
    const entry = this.state.entries.at(-1);
    if (entry?.kind === 'notice' && fields.rewind) entry.rewind = { ...fields.rewind };
    this.emit(change);
    return change.entries[0];
  }

  /** Changes a notice the client added (the restore it tells of was undone); false when it is gone. */
  updateClientNotice(entryId: string, fields: Partial<Pick<NoticeEntry, 'text' | 'detail' | 'rewind'>>): boolean {
    const entry = this.state.entries.find((item) => item.id === entryId);
    if (entry?.kind !== 'notice') return false;
    Object.assign(entry, fields);
    entry.rev++;
    this.emit({ entries: [entryId], header: false });
    return true;
  }

  /** session/set_mode; on success the current mode is the chosen one (the agent may also say so in an update). */
  async setMode(modeId: string): Promise<void> {
    const transport = this.transport();
    if (!transport.setMode) throw new Error('This connection cannot change modes.');
    await transport.setMode({ sessionId: this.sessionId, modeId });
    this.emit(setCurrentMode(this.state.header, modeId));
  }

  /** session/set_config_option; the answer's full option list replaces ours. */
  async setConfigOption(configId: string, value: ConfigValue): Promise<void> {
    const transport = this.transport();
    if (!transport.setConfigOption) throw new Error('This connection cannot change configuration options.');
    const params: SetSessionConfigOptionRequest =
      typeof value === 'boolean'
        ? { sessionId: this.sessionId, configId, type: 'boolean', value }
        : { sessionId: this.sessionId, configId, value };
    const response = await transport.setConfigOption(params);
    this.emit(replaceConfigOptions(this.state.header, (response as { configOptions?: unknown } | null)?.configOptions));
  }

  /** Characters of transcript text this session holds in memory (capped, see transcriptCaps.ts). */
  get retainedTextChars(): number {
    return this.budget.retainedChars;
  }

  /** The file with the whole text of a message that was cut, or undefined when the entry was not cut. */
  fullMessageFile(entryId: string): Promise<string | undefined> {
    return this.spill.entryFile(entryId);
  }

  /** The file of the entries dropped from memory (markdown), or undefined when none were. */
  droppedEntriesFile(): Promise<string | undefined> {
    return this.spill.droppedFile();
  }

  observeTurns(observer: TurnObserver): { dispose(): void } {
    return this.turns.observe(observer);
  }

  choosePermission(requestKey: string, optionId: string): boolean {
    return this.permissions.choose(requestKey, optionId);
  }

  /** The user's answer to an elicitation shown in the chat (form values are checked here again). */
  answerElicitation(requestKey: string, answer: ElicitationAnswer): ElicitationAnswerResult {
    return this.elicitations.answer(requestKey, answer);
  }

  /** `elicitation/complete` from the agent (sent connection-wide; unknown ids are ignored). */
  elicitationComplete(params: unknown): void {
    this.elicitations.complete(params);
  }

  /** The content of a user message of this session (to send it again), or undefined when it is not one. */
  userMessage(entryId: EntryId): UserMessageEntry | undefined {
    const entry = this.state.entries.find((candidate) => candidate.id === entryId);
    return entry?.kind === 'user' ? entry : undefined;
  }

  /**
   * The agent is gone: every open request settles, the turn ends (cancelled when the user had asked it to stop), and
   * the user is told why (details: its stderr).
   */
  agentLost(message: string, details?: string): void {
    if (!this.end(false)) return;
    this.notice('error', message, details, { restart: true });
  }

  /** The user restarted the agent: the session is over as with a lost agent, its turn shown cancelled; `text` says so. */
  agentRestarted(text: string): void {
    if (this.end(true)) this.notice('info', text);
  }

  /** The user undid the file changes of these tool calls (the review): their cards say so. */
  markUndone(toolCallIds: readonly string[]): void {
    const { own, byChild } = splitChildRefs(toolCallIds);
    if (own.length > 0) this.emit(markToolCallsUndone(this.state, own));
    for (const [childId, ids] of byChild) this.emit(this.children.within(childId, (state) => markToolCallsUndone(state, ids)));
  }

  /** The file of a Markdown plan now holds `text` (read by the host after it changed): the plan shows it (plans.ts). */
  planFileChanged(path: string, text: string): void {
    this.emit(applyPlanFileText(this.state.header, path, text));
  }

  sessionUpdate(params: unknown): void {
    const update = (params as { update?: unknown }).update;
    if (this.children.routes(params)) {
      this.children.update(params, update, this.now());
      const childId = this.children.childOf(params);
      for (const listener of this.updateListeners) listener(update, childId);
      return;
    }
    this.emit(applySessionUpdate(this.state, update, this.now(), (kind) => this.log(`Ignored unknown session update "${kind}"`)));
    for (const listener of this.updateListeners) listener(update);
  }

  /**
   * Calls `listener` with every session/update once the transcript applied it (for what it does not keep: `_meta`),
   * its subagents' too: then `childSessionId` names the child whose transcript took it.
   */
  observeUpdates(listener: (update: unknown, childSessionId?: string) => void): { dispose(): void } {
    this.updateListeners.add(listener);
    return { dispose: () => this.updateListeners.delete(listener) };
  }

  /** An agent → client request about this session. */
  handleRequest(method: SessionRequestMethod, params: unknown, token: CancellationToken): Promise<unknown> {
    if (method === 'session/request_permission') return this.requestPermission(params, token);
    if (method === 'elicitation/create') return this.elicitations.create(params, token, this.lost || this.turns.stopping, this.children.childOf(params));
    return this.parts.handle(method, params, token);
  }

  requestPermission(params: unknown, token: CancellationToken): Promise<RequestPermissionResponse> {
    return this.permissionRequests.request(params, token);
  }

  /**
   * Cancels the work of a subagent (a child session) alone, with `session/cancel` on the child's id: only when the
   * child advertises `cancel`. Its open permission requests answer `cancelled`, its questions `cancel`.
   */
  async cancelSubagent(childId: string): Promise<void> {
    const keys = this.children.beginCancel(childId);
    for (const key of keys) this.permissions.cancel(key);
    this.elicitations.cancelChild(childId);
    await this.transport().cancel(childId);
  }

  /**
   * Ends the session: its pending requests are answered, and everything the features hold for it (files, terminals)
   * and its spill files are released, through this one path. Resolves once released (never rejects).
   */
  dispose(): Promise<void> {
    this.permissions.cancelAll();
    this.elicitations.cancelAll();
    this.changeEmitter.dispose();
    this.turns.dispose();
    const parts = this.parts.dispose();
    const spill = this.spill.dispose().catch((error: unknown) => this.log(`Removing the spill files failed: ${describeError(error)}`));
    return Promise.all([parts, spill]).then(() => undefined);
  }

  /**
   * Ends the session for good (its agent is gone): false when it already was. Its running turn ends, `cancelled` or
   * as the user left it (see SessionTurns.interrupt); a late answer to it changes nothing.
   */
  private end(cancelled: boolean): boolean {
    if (this.lost) return false;
    this.lost = true;
    this.permissions.cancelAll();
    this.elicitations.cancelAll();
    void this.parts.release();
    this.turns.interrupt(cancelled);
    return true;
  }

  /**
   * Attaches a part a feature makes once the session exists (the review's turn observer and transcript hold): it is
   * released with the session's other parts, through dispose(). Attached to a disposed session, it is released at once.
   */
  attach(part: SessionPart): void {
    this.parts.attach(part);
  }

  /** How many things the session's parts hold (file baselines, answers, live terminals, attached parts); 0 once disposed. */
  held(): number {
    return this.parts.held();
  }

  private notice(severity: NoticeSeverity, text: string, detail?: string, failure?: NoticeFailure): void {
    this.emit(addNotice(this.state, severity, text, detail, failure));
  }

  private emit(change: SessionChange): void {
    if (change.overflow) for (const part of change.overflow) this.spill.appendEntry(part.entryId, part.text, part.tail);
    if (change.dropped) this.spill.appendDropped(change.dropped);
    this.budget.note(change);
    const trimmed = this.budget.trim();
    if (trimmed) {
      this.spill.appendDropped(trimmed.entries);
      change = { ...change, header: true };
    }
    if (change.entries.length > 0 || change.header) this.changeEmitter.fire(change);
  }
}

