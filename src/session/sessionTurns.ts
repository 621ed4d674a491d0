// A session's prompt turns, one at a time: the user's message shows, the turn observers are told, `session/prompt`
// goes out, and the agent's answer ends the turn with its stop reason (said in words when it needs saying), or the
// failure does (a sign-in needed is announced). Cancel asks the agent to stop and settles what is open; a turn the
// agent does not stop in time is marked overdue (see StopWatch). A turn given up on (the agent is gone) ends at once,
// and its late answer changes nothing. No `vscode` here.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { ContentBlock, PromptRequest, PromptResponse } from '../shared/acp';
import type { EntryId, NoticeFailure, NoticeSeverity, SessionChange, SessionState } from '../shared/transcript/model';
import { addUserMessage, endTurn, markTurnToolCallsCancelled, setTurnState } from '../shared/transcript/reducer';
import { describeStopReason } from '../shared/transcript/stopReasons';
import { EMPTY_TURN_TEXT, endedWithoutAnswer } from '../shared/transcript/emptyTurn';
import { describeFailure, FailedStep, FailureReport } from '../acp/failureMessage';
import { isAuthRequired } from '../acp/authMethods';
import { describeError } from '../shared/text/errors';

/** The part of the agent connection a turn talks through. */
export interface TurnTransport {
  prompt(params: PromptRequest): Promise<PromptResponse>;
  cancel(sessionId: string): Promise<void>;
}

/** Told about each prompt turn of a session (change tracking, checkpoints). */
export interface TurnObserver {
  /** Awaited after the user's message shows and before `session/prompt` is sent; a failure is logged, not fatal. */
  willPrompt?(content: ContentBlock[]): Promise<void> | void;
  /** The turn ended, whichever way. */
  didEndTurn?(): void;
}

/** Open requests a turn settles: answered `cancelled`. */
interface Settleable {
  cancelAll(): void;
}

export interface SessionTurnsDeps {
  readonly state: SessionState;
  transport(): TurnTransport;
  /** The session's permission requests: settled when a turn ends or is cancelled. */
  readonly permissions: Settleable;
  /** The session's elicitations: settled when a turn is cancelled. */
  readonly elicitations: Settleable;
  emit(change: SessionChange): void;
  notice(severity: NoticeSeverity, text: string, detail?: string, failure?: NoticeFailure): void;
  log(line: string): void;
  now(): number;
}

export class SessionTurns {
  /** Identifies the running turn, so a late answer to an abandoned prompt changes nothing. */
  private counter = 0;
  private cancelRequested = false;
  /** The agent was asked to stop the running turn and has not, past the grace (see StopWatch). */
  private overdue = false;
  private readonly observers = new Set<TurnObserver>();
  private readonly authEmitter = new Emitter<unknown>();
  /** A prompt was refused with auth_required (the error is passed on). */
  readonly onDidRequireAuth: Event<unknown> = this.authEmitter.event;
  /** Puts a failed prompt in words (the agent's name, its error and stderr tail); see reportFailuresWith. */
  private describeFailure: (step: FailedStep, error: unknown) => FailureReport = (step, error) => describeFailure('The agent', step, error);

  constructor(private readonly deps: SessionTurnsDeps) {}

  get busy(): boolean {
    return this.deps.state.header.turn !== 'idle';
  }

  /** The user asked the running turn to stop: new requests of the agent are answered `cancelled` at once. */
  get stopping(): boolean {
    return this.cancelRequested && this.busy;
  }

  /** The agent was asked to stop the running turn and has not, past the grace the client gives it. */
  get stopOverdue(): boolean {
    return this.overdue && this.deps.state.header.turn === 'cancelling';
  }

  /** The agent has not stopped the turn it was asked to stop: the chat says so (`text`) and offers Restart. */
  noteStopOverdue(text: string): void {
    if (this.deps.state.header.turn !== 'cancelling' || this.overdue) return;
    this.overdue = true;
    this.deps.notice('warning', text, undefined, { restart: true });
  }

  reportFailuresWith(describe: (step: FailedStep, error: unknown) => FailureReport): void {
    this.describeFailure = describe;
  }

  observe(observer: TurnObserver): { dispose(): void } {
    this.observers.add(observer);
    return { dispose: () => this.observers.delete(observer) };
  }

  /** Runs a turn; resolves when it is over, whatever way it ended. `shown`: the user's message is in the transcript. */
  async run(content: ContentBlock[], shown?: () => void): Promise<void> {
    if (this.busy) throw new Error('The agent is still working on the previous message.');
    const { state, emit } = this.deps;
    const turn = ++this.counter;
    this.cancelRequested = false;
    const change = addUserMessage(state, content);
    const promptEntryId = change.entries[0];
    emit(change);
    emit(setTurnState(state, 'running', this.deps.now()));
    shown?.();
    if (this.observers.size > 0) {
      await this.tellWillPrompt(content);
      if (turn !== this.counter) return;
      if (this.cancelRequested) return this.finish('cancelled');
    }
    let response: PromptResponse;
    try {
      response = await this.deps.transport().prompt({ sessionId: state.sessionId, prompt: content });
    } catch (error) {
      if (turn !== this.counter) return;
      this.finish(this.cancelRequested ? 'cancelled' : undefined);
      if (!this.cancelRequested) this.failed(error, promptEntryId);
      return;
    }
    if (turn !== this.counter) return;
    const stopReason = typeof response?.stopReason === 'string' ? response.stopReason : undefined;
    this.finish(stopReason);
    const said = describeStopReason(stopReason);
    if (said) this.deps.notice(said.severity, said.text);
    else if (endedWithoutAnswer(state.entries, promptEntryId, stopReason)) this.deps.notice('info', EMPTY_TURN_TEXT);
  }

  /** Cancels the running turn: open requests answer `cancelled`, unfinished tool calls show so. */
  async cancel(): Promise<void> {
    const { state, emit } = this.deps;
    if (state.header.turn !== 'running') return;
    this.cancelRequested = true;
    emit(setTurnState(state, 'cancelling'));
    this.deps.permissions.cancelAll();
    this.deps.elicitations.cancelAll();
    emit(markTurnToolCallsCancelled(state));
    await this.deps.transport().cancel(state.sessionId);
  }

  /**
   * The session ended under the running turn: it ends now, cancelled when the user had asked it to stop or when
   * `cancelled` says so, and the agent's late answer changes nothing.
   */
  interrupt(cancelled: boolean): void {
    if (!this.busy) return;
    this.counter++;
    this.finish(cancelled || this.cancelRequested ? 'cancelled' : undefined);
  }

  dispose(): void {
    this.authEmitter.dispose();
  }

  private failed(error: unknown, promptEntryId: EntryId): void {
    if (isAuthRequired(error)) {
      this.deps.notice('error', 'The agent needs you to sign in before it goes on.', describeError(error));
      this.authEmitter.fire(error);
      return;
    }
    const report = this.describeFailure('prompt', error);
    this.deps.notice('error', report.summary, report.details, { promptEntryId });
  }

  private finish(stopReason: string | undefined): void {
    this.overdue = false;
    this.deps.permissions.cancelAll();
    this.deps.emit(endTurn(this.deps.state, stopReason));
    for (const observer of [...this.observers]) {
      try {
        observer.didEndTurn?.();
      } catch (error) {
        this.deps.log(`A turn observer failed: ${describeError(error)}`);
      }
    }
  }

  private async tellWillPrompt(content: ContentBlock[]): Promise<void> {
    for (const observer of [...this.observers]) {
      try {
        await observer.willPrompt?.(content);
      } catch (error) {
        this.deps.log(`A turn observer failed before the prompt: ${describeError(error)}`);
      }
    }
  }
}
