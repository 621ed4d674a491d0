// Steps that only send session/update notifications: streamed text and thoughts, tool calls and their
// updates, plans, and any update as it is written.
import {
  cancelled,
  delay,
  needSession,
  newMessageId,
  Outcome,
  sendUpdate,
  StepContext,
  useToolCallId,
} from './context';
import type { JsonObject } from './json';
import type { PlanStep, SayStep, ThinkStep, ToolCallStep, ToolUpdateStep, UpdateStep } from './scenario';

/** Splits text into pieces of `size` characters (code points, so no surrogate pair is cut); 0 = one piece. */
export function splitText(text: string, size: number): string[] {
  if (size <= 0 || text.length <= size) return [text];
  const characters = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < characters.length; start += size) pieces.push(characters.slice(start, start + size).join(''));
  return pieces;
}

export async function streamText(step: SayStep | ThinkStep, ctx: StepContext): Promise<Outcome | undefined> {
  const kind = 'say' in step ? 'say' : 'think';
  const text = 'say' in step ? step.say : step.think;
  const sessionUpdate = kind === 'say' ? 'agent_message_chunk' : 'agent_thought_chunk';
  const last = ctx.stream.last;
  const messageId = step.messageId ?? (last?.kind === kind ? last.messageId : newMessageId());
  ctx.stream.last = { kind, messageId };
  const pieces = splitText(text, step.chunk ?? ctx.pacing.chunk);
  const pauseMs = step.delayMs ?? ctx.pacing.delayMs;
  for (let index = 0; index < pieces.length; index++) {
    if (index > 0 && (await delay(ctx, pauseMs))) return cancelled;
    await ctx.peer.drained();
    sendUpdate(ctx, { sessionUpdate, messageId, content: { type: 'text', text: pieces[index] } });
  }
  return undefined;
}

export function sendRawUpdate(step: UpdateStep, ctx: StepContext): void {
  sendUpdate(ctx, step.update);
}

export function sendToolCall(step: ToolCallStep, ctx: StepContext): void {
  const given = step.toolCall.toolCallId;
  const toolCallId = useToolCallId(ctx, typeof given === 'string' ? given : undefined);
  sendUpdate(ctx, { sessionUpdate: 'tool_call', ...step.toolCall, toolCallId });
}

export function sendToolUpdate(step: ToolUpdateStep, ctx: StepContext): void {
  const given = step.toolUpdate.toolCallId;
  const toolCallId = typeof given === 'string' ? given : needSession(ctx).lastToolCallId ?? useToolCallId(ctx, undefined);
  sendUpdate(ctx, { sessionUpdate: 'tool_call_update', ...step.toolUpdate, toolCallId });
}

export function sendPlan(step: PlanStep, ctx: StepContext): void {
  const entries: JsonObject[] = step.plan.map((entry) => ({ content: '', priority: 'medium', status: 'pending', ...entry }));
  sendUpdate(ctx, { sessionUpdate: 'plan', entries });
}
