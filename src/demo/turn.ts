// One prompt turn: pick the scenario turn that fits the prompt, play it, and turn how it ended into the
// session/prompt answer (a stop reason, or an error). A cancel always ends in stop reason "cancelled",
// never in an error, as the spec asks.
import { CancelGate } from './cancel';
import type { Outcome, SessionState, StepContext } from './context';
import { isObject, Json, JsonObject } from './json';
import { runSteps } from './runner';
import type { Turn } from './scenario';
import { RpcError } from './wire';

/**
 * The text of a prompt, one block per line: text blocks as they are, a resource_link by its URI, an embedded text
 * resource as "resource <uri>" and its text, an image as "image <mimeType> <n> bytes".
 */
export function promptText(prompt: Json | undefined): string {
  if (!Array.isArray(prompt)) return '';
  const parts: string[] = [];
  for (const block of prompt) {
    if (!isObject(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    else if (block.type === 'resource_link' && typeof block.uri === 'string') parts.push(block.uri);
    else if (block.type === 'resource' && isObject(block.resource) && typeof block.resource.uri === 'string') {
      const text = block.resource.text;
      parts.push(typeof text === 'string' ? `resource ${block.resource.uri}\n${text}` : `resource ${block.resource.uri}`);
    } else if (block.type === 'image' && typeof block.mimeType === 'string' && typeof block.data === 'string' && block.data !== '') {
      parts.push(`image ${block.mimeType} ${Math.floor((block.data.replace(/=+$/, '').length * 3) / 4)} bytes`);
    }
  }
  return parts.join('\n');
}

/** The first turn that fits: its `match` finds the text (no match fits all), and a `once` turn has not played. */
export function pickTurn(turns: readonly Turn[], text: string, played: ReadonlySet<number>): number {
  const index = turns.findIndex((turn, at) => {
    if (turn.once && played.has(at)) return false;
    return turn.match === undefined || new RegExp(turn.match, turn.flags ?? 'i').test(text);
  });
  return index === -1 ? turns.length - 1 : index;
}

export type ContextFactory = (session: SessionState, gate: CancelGate) => StepContext;

export async function playPrompt(
  turns: readonly Turn[],
  session: SessionState,
  prompt: Json | undefined,
  makeContext: ContextFactory,
): Promise<JsonObject> {
  const text = promptText(prompt);
  const index = pickTurn(turns, text, session.played);
  const turn = turns[index];
  if (turn.once) session.played.add(index);
  session.turns += 1;
  session.vars.set('prompt', text);
  session.vars.set('turn', session.turns);
  const gate = new CancelGate();
  session.active = gate;
  const ctx = makeContext(session, gate);
  ctx.log.info(`turn ${session.turns} plays scenario turn ${index}${turn.comment ? ` (${turn.comment})` : ''}`);
  try {
    let outcome = await runSteps(turn.steps, ctx);
    if (outcome === undefined && gate.interrupting) outcome = { kind: 'cancelled' };
    if (outcome?.kind === 'cancelled') {
      gate.acknowledge();
      outcome = (await runSteps(turn.onCancel, ctx)) ?? outcome;
    }
    return answer(outcome, gate);
  } catch (error) {
    if (error instanceof RpcError) throw error;
    if (gate.requested) {
      ctx.log.warn(`turn failed after a cancel (${String(error)}): answering cancelled`);
      return { stopReason: 'cancelled' };
    }
    throw error;
  } finally {
    session.active = undefined;
  }
}

function answer(outcome: Outcome | undefined, gate: CancelGate): JsonObject {
  if (outcome === undefined) return { stopReason: gate.requested ? 'cancelled' : 'end_turn' };
  switch (outcome.kind) {
    case 'stop':
      return { ...outcome.result, stopReason: outcome.stopReason };
    case 'cancelled':
      return { stopReason: 'cancelled' };
    case 'error':
      throw new RpcError(outcome.error.code, outcome.error.message, outcome.error.data);
  }
}
