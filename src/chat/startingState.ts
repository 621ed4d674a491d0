// The session the chat is starting, as the chat shows it before the session exists: the agent, the message the user
// sent meanwhile (on screen at once, with "Starting <agent>…"), and, when the start fails, the failure in words with
// the message kept for Retry or Edit. No `vscode` here.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import { AuthRequiredError } from '../acp/authMethods';
import { AgentFailure, reportOf } from '../acp/failureMessage';
import type { PromptParts } from '../shared/protocol/composerProtocol';
import { FailureView, packageRunnerOf, StartingView } from '../shared/protocol/startingProtocol';
import type { PooledAgent } from '../session/agentPool';
import type { Timers } from '../session/stopWatch';
import { timerScheduler } from '../shared/frameScheduler';

/** How long a start may take before the chat says it is still starting (with Restart and the agent's log). */
export const STILL_STARTING_MS = 15_000;

export class StartingState {
  private view: StartingView | undefined;
  /** Cancels the timer of the "still starting" note. */
  private cancelSlowTimer: (() => void) | undefined;
  private readonly emitter = new Emitter<StartingView | undefined>();
  /** What the chat shows of the start changed (undefined: nothing to show). */
  readonly onDidChange: Event<StartingView | undefined> = this.emitter.event;

  constructor(private readonly timers: Timers = timerScheduler) {}

  get current(): StartingView | undefined {
    return this.view;
  }

  /** A message waits for the session being started. */
  get waitingPrompt(): PromptParts | undefined {
    return this.view?.state === 'starting' ? this.view.prompt : undefined;
  }

  /**
   * A start begins (with the message that asked for it; without one, a message already waiting stays). Still under
   * way STILL_STARTING_MS later, the chat says so; a start begun again (a restart) counts from then.
   */
  begin(agent: PooledAgent, prompt?: PromptParts): void {
    const kept = prompt ?? (this.view?.state === 'starting' ? this.view.prompt : undefined);
    const runner = agent.runtime.state.state === 'ready' ? undefined : packageRunnerOf(agent.definition.command);
    const started: StartingView = {
      agentId: agent.definition.id,
      agentName: agent.definition.name,
      ...(kept ? { prompt: kept } : {}),
      state: 'starting',
      ...(runner ? { downloads: runner } : {}),
    };
    this.set(started);
    this.cancelSlowTimer = this.timers.schedule(() => {
      this.cancelSlowTimer = undefined;
      if (this.view === started) this.set({ ...started, slow: true });
    }, STILL_STARTING_MS);
  }

  /**
   * The start failed: the failure in words, the message kept (for Retry or Edit). A sign-in the agent needs is the
   * chat's sign-in prompt's to say; only a message waiting for it stays, with a word on what to do.
   */
  fail(agent: PooledAgent, error: unknown, prompt?: PromptParts): void {
    const kept = prompt ?? this.view?.prompt;
    if (error instanceof AuthRequiredError && !kept) {
      this.clear();
      return;
    }
    this.set({
      agentId: agent.definition.id,
      agentName: agent.definition.name,
      ...(kept ? { prompt: kept } : {}),
      state: 'failed',
      failure: failureView(agent, error),
    });
  }

  /** An earlier session could not be brought back: the failure in words, under its title (no message waits). */
  failReopen(agent: PooledAgent, error: unknown, title: string): void {
    this.set({ agentId: agent.definition.id, agentName: agent.definition.name, state: 'failed', failure: failureView(agent, error), reopen: { title } });
  }

  clear(): void {
    if (this.view) this.set(undefined);
  }

  dispose(): void {
    this.cancelSlowTimer?.();
    this.emitter.dispose();
  }

  private set(view: StartingView | undefined): void {
    this.cancelSlowTimer?.();
    this.cancelSlowTimer = undefined;
    this.view = view;
    this.emitter.fire(view);
  }
}

/** A failed start as the chat shows it: the agent's sentence and details, and what to install when its command is missing. */
export function failureView(agent: PooledAgent, error: unknown): FailureView {
  if (error instanceof AuthRequiredError) return { summary: `${agent.definition.name} needs you to sign in first: sign in above, then Retry.` };
  const report = reportOf(error);
  const missing = error instanceof AgentFailure && error.step === 'start' ? agent.summary.missingCommand : undefined;
  return { summary: report.summary, ...(report.details ? { details: report.details } : {}), ...(missing ? { missingCommand: missing } : {}) };
}
