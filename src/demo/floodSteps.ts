// Steps that send a lot: `sayLarge`, one agent_message_chunk of `chars` characters (made here, so a scenario
// file stays small), and `flood`, `chunks` agent_message_chunk updates of `chars` characters each, a new message
// every `perMessage` chunks, written as fast as the client reads them. A flood's `request` is sent when half
// of the chunks are out, without waiting for it; the rest follows, then its answer is awaited. Sets
// `floodAnsweredAfter`: how many chunks were written between the request and its answer (the flood's rest when
// the answer came only after the last chunk), and `floodAnswer` (the answer as JSON, or {"error":...}).
import { cancelled, newMessageId, Outcome, sendUpdate, StepContext } from './context';
import type { FloodStep, SayLargeStep } from './scenario';
import { describeError } from '../shared/text/errors';

const DEFAULT_PATTERN = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. 0123456789\n';

function sized(pattern: string, chars: number): string {
  const unit = pattern === '' ? DEFAULT_PATTERN : pattern;
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
}

export async function sayLarge(step: SayLargeStep, ctx: StepContext): Promise<Outcome | undefined> {
  const { chars, pattern = DEFAULT_PATTERN } = step.sayLarge;
  const last = ctx.stream.last;
  const messageId = step.sayLarge.messageId ?? (last?.kind === 'say' ? last.messageId : newMessageId());
  ctx.stream.last = { kind: 'say', messageId };
  await ctx.peer.drained();
  sendUpdate(ctx, { sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text: sized(pattern, chars) } });
  return undefined;
}

export async function flood(step: FloodStep, ctx: StepContext): Promise<Outcome | undefined> {
  const { chunks, chars, perMessage = 100, request } = step.flood;
  const text = sized(DEFAULT_PATTERN, chars);
  const requestAt = request ? Math.floor(chunks / 2) : -1;
  let answeredAfter: number | undefined;
  let sent = 0;
  let pending: Promise<void> | undefined;
  let messageId = newMessageId();
  for (let index = 0; index < chunks; index++) {
    if (ctx.gate.interrupting) return cancelled;
    if (index === requestAt && request) {
      pending = ctx.peer.request(request.method, request.params).then(
        (result) => {
          answeredAfter = sent - requestAt;
          ctx.vars.set('floodAnswer', JSON.stringify(result ?? null));
        },
        (error: unknown) => {
          answeredAfter = sent - requestAt;
          ctx.vars.set('floodAnswer', JSON.stringify({ error: describeError(error) }));
        },
      );
    }
    if (index > 0 && index % perMessage === 0) messageId = newMessageId();
    if (index % 50 === 0) await ctx.peer.drained();
    sendUpdate(ctx, { sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text: `${text} #${index}` } });
    sent = index + 1;
  }
  ctx.stream.last = undefined;
  await pending;
  ctx.vars.set('floodAnsweredAfter', String(answeredAfter ?? -1));
  return undefined;
}
