// Subagent steps of the scripted agent: `subagent` announces or patches a child session on the parent
// (`subagent_update`), `asChild` plays steps as that child (every update, permission request, file or terminal
// request carries the child's sessionId). A `session/cancel` naming the child stops the child's steps alone: its
// `onCancel` steps play (in the parent, e.g. a subagent_update with an idle/cancelled state) and the parent's turn
// goes on. A cancel of the parent's turn stops the child too.
import { CancelGate } from './cancel';
import { needSession, sendUpdate, SessionState, StepContext, Outcome } from './context';
import type { JsonObject } from './json';
import type { AsChildStep, SubagentStep } from './scenario';

/** The cancel gates of the children whose steps play now, by child session id (for session/cancel). */
const childGates = new Map<string, CancelGate>();

/** The gate of a child whose steps are playing, if any (agent.ts raises it on session/cancel with that id). */
export function childGate(sessionId: string): CancelGate | undefined {
  return childGates.get(sessionId);
}

export function sendSubagentUpdate(step: SubagentStep, ctx: StepContext): void {
  const update: JsonObject = { sessionUpdate: 'subagent_update', ...step.subagent };
  sendUpdate(ctx, update);
}

export async function playAsChild(step: AsChildStep, ctx: StepContext, run: (steps: readonly AsChildStep['steps'][number][] | undefined, ctx: StepContext) => Promise<Outcome | undefined>): Promise<Outcome | undefined> {
  const parent = needSession(ctx);
  const gate = new CancelGate();
  void ctx.gate.whenRaised().then(() => gate.raise());
  const child: SessionState = {
    id: step.asChild,
    cwd: parent.cwd,
    vars: parent.vars,
    turns: 0,
    played: new Set(),
    remembered: new Map(),
    // Tool call ids of the child do not repeat the parent's.
    toolCalls: 100 + parent.toolCalls,
    active: gate,
  };
  const childCtx: StepContext = { ...ctx, session: child, gate, stream: {}, play: (nested) => run(nested, childCtx) };
  childGates.set(step.asChild, gate);
  let outcome: Outcome | undefined;
  try {
    outcome = await run(step.steps, childCtx);
  } finally {
    if (childGates.get(step.asChild) === gate) childGates.delete(step.asChild);
  }
  if (ctx.gate.interrupting) return outcome ?? { kind: 'cancelled' };
  if (gate.requested) {
    ctx.log.info(`subagent ${step.asChild} cancelled: playing its onCancel steps`);
    return ctx.play(step.onCancel);
  }
  // A child's stop or error does not answer the parent's prompt.
  return outcome?.kind === 'cancelled' ? ctx.play(step.onCancel) : undefined;
}
