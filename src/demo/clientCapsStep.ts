// `{"ifClient": "plan", "then"?: [steps], "else"?: [steps]}`: plays `then` when the client advertised the capability
// at that dotted path of its `initialize` clientCapabilities (present, and neither null nor false: `plan: {}`,
// `session.notices: {}`, `terminal: true`), else `else`. Lets a scenario behave as conforming agents do: send the
// new update kinds only to a client that opted in, the legacy ones to others.
import type { StepContext, Outcome } from './context';
import { isObject, type Json } from './json';
import type { Step } from './scenario';

export type IfClientStep = { comment?: string; ifClient: string; then?: Step[]; else?: Step[] };

/** The value at `path` (dots between keys) of the client's capabilities says it is offered. */
export function clientOffers(capabilities: Json | undefined, path: string): boolean {
  let value: Json | undefined = capabilities;
  for (const key of path.split('.')) {
    if (!isObject(value) || !Object.hasOwn(value, key)) return false;
    value = value[key];
  }
  return value !== null && value !== false && value !== undefined;
}

export function playIfClient(step: IfClientStep, ctx: StepContext): Promise<Outcome | undefined> {
  const offered = clientOffers(ctx.client.capabilities, step.ifClient);
  ctx.log.info(`ifClient ${step.ifClient}: ${offered ? 'offered' : 'not offered'}`);
  return ctx.play(offered ? step.then : step.else);
}
