// What a step sees while it plays: the client (and what it offered at initialize), the session, the template
// variables, the turn's cancel gate and the pacing. Plus the helpers every kind of step uses.
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { type CancelGate, pause } from './cancel';
import type { Json, JsonObject } from './json';
import type { Log } from './log';
import type { ErrorBody, Pacing, Step } from './scenario';
import type { Vars } from './template';
import type { Peer } from './wire';

/** What the client said it can do in `initialize`. */
export interface ClientView {
  readTextFile: boolean;
  writeTextFile: boolean;
  terminal: boolean;
  /** The non-ACP `_meta.terminal_output` opt-in: the client shows the output of commands the agent runs itself. */
  terminalOutput: boolean;
  /** The clientCapabilities object as it came (see clientCapsStep.ts). */
  capabilities?: JsonObject;
  /** `clientCapabilities.subagents` was offered. */
  subagents?: boolean;
}

export interface SessionState {
  readonly id: string;
  readonly cwd: string;
  readonly vars: Vars;
  /** Turns played so far. */
  turns: number;
  /** Indexes of the `once` turns already played. */
  readonly played: Set<number>;
  /** allow_always / reject_always answers, by ask key. */
  readonly remembered: Map<string, 'allow' | 'reject'>;
  toolCalls: number;
  lastToolCallId?: string;
  /** The gate of the running turn, if one is running. */
  active?: CancelGate;
  modes?: JsonObject;
  configOptions?: Json[];
}

/** How a list of steps ended early; running to the end is `undefined`. */
export type Outcome =
  | { kind: 'stop'; stopReason: string; result?: JsonObject }
  | { kind: 'cancelled' }
  | { kind: 'error'; error: ErrorBody };

export const cancelled: Outcome = { kind: 'cancelled' };

export interface StreamState {
  last?: { kind: 'say' | 'think'; messageId: string };
}

export interface StepContext {
  readonly peer: Peer;
  readonly log: Log;
  readonly client: ClientView;
  /** Undefined only for the steps of `onInitialize`. */
  readonly session: SessionState | undefined;
  readonly vars: Vars;
  readonly gate: CancelGate;
  readonly pacing: Required<Pacing>;
  /** Multiplies every delay (0: no pauses). */
  readonly pace: number;
  readonly stream: StreamState;
  /** Plays nested steps (branches, ifNone) in this context. */
  play(steps: readonly Step[] | undefined): Promise<Outcome | undefined>;
  exit(code: number): Promise<never>;
  /** Closes stdout for good (the client sees end-of-file); the process keeps running. */
  closeOutput(): Promise<void>;
}

export function needSession(ctx: StepContext): SessionState {
  if (!ctx.session) throw new Error('this step needs a session (scenario validation should have caught it)');
  return ctx.session;
}

export function sendUpdate(ctx: StepContext, update: JsonObject): void {
  ctx.peer.notify('session/update', { sessionId: needSession(ctx).id, update });
}

/** A pause scaled by the pace; true when a cancel cut it short. */
export function delay(ctx: StepContext, ms: number): Promise<boolean> {
  return pause(Math.round(ms * ctx.pace), ctx.gate);
}

export function newToolCallId(ctx: StepContext): string {
  const session = needSession(ctx);
  session.toolCalls += 1;
  const id = `call_${session.toolCalls}`;
  session.lastToolCallId = id;
  return id;
}

export function useToolCallId(ctx: StepContext, given: string | undefined): string {
  if (given === undefined) return newToolCallId(ctx);
  needSession(ctx).lastToolCallId = given;
  return given;
}

export function newMessageId(): string {
  return `msg_${randomUUID()}`;
}

export function absolutePath(ctx: StepContext, file: string): string {
  return path.isAbsolute(file) ? path.normalize(file) : path.resolve(needSession(ctx).cwd, file);
}

/** A path as the user thinks of it: relative to the cwd when inside it. */
export function shownPath(ctx: StepContext, absolute: string): string {
  const relative = path.relative(needSession(ctx).cwd, absolute);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
}

export function textContent(text: string): JsonObject {
  return { type: 'content', content: { type: 'text', text } };
}
