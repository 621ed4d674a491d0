// Permission requests: session/request_permission and what the answer means. An option whose kind starts
// with "allow" allows, anything else rejects, `cancelled` cancels the turn. allow_always / reject_always
// answers are remembered in the session under a key, and later asks with that key are not sent again.
import { cancelled, needSession, Outcome, StepContext } from './context';
import { isObject, JsonObject, objectAt, stringAt } from './json';
import type { Ask, PermissionStep } from './scenario';
import { describeError } from '../shared/text/errors';

export type Decision = 'allow' | 'reject' | 'cancelled';

export const defaultOptions: readonly JsonObject[] = [
  { optionId: 'allow_once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Allow always', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
];

export async function askPermission(
  ctx: StepContext,
  toolCall: JsonObject,
  options: readonly JsonObject[] | undefined,
  rememberKey: string | undefined,
): Promise<Decision> {
  const session = needSession(ctx);
  const remembered = rememberKey === undefined ? undefined : session.remembered.get(rememberKey);
  if (remembered) {
    ctx.log.info(`permission for "${rememberKey}" remembered as ${remembered}: not asking`);
    ctx.vars.set('permission', `${remembered}_always`);
    return remembered;
  }
  const offered = options ?? defaultOptions;
  let answer;
  try {
    answer = await ctx.peer.request('session/request_permission', {
      sessionId: session.id,
      toolCall,
      options: [...offered],
    });
  } catch (error) {
    ctx.log.warn(`session/request_permission failed (${describeError(error)}): taken as a rejection`);
    ctx.vars.set('permission', 'error');
    return 'reject';
  }
  const outcome = objectAt(answer, 'outcome');
  const kind = stringAt(outcome, 'outcome');
  if (kind === 'cancelled') {
    ctx.vars.set('permission', 'cancelled');
    return 'cancelled';
  }
  const optionId = stringAt(outcome, 'optionId');
  const option = offered.find((item) => item.optionId === optionId);
  ctx.vars.set('permission', optionId ?? '');
  if (kind !== 'selected' || !option) {
    ctx.log.warn(`permission answer ${JSON.stringify(answer)} names no offered option: taken as a rejection`);
    return 'reject';
  }
  const optionKind = typeof option.kind === 'string' ? option.kind : '';
  const decision: Decision = optionKind.startsWith('allow') ? 'allow' : 'reject';
  if (rememberKey !== undefined && optionKind.endsWith('_always')) session.remembered.set(rememberKey, decision);
  ctx.log.info(`permission: ${optionId} (${optionKind}) -> ${decision}`);
  return decision;
}

/** The `ask` option of writeFile and run; no ask means allowed. */
export function askFor(
  ctx: StepContext,
  ask: true | Ask | undefined,
  toolCall: JsonObject,
  defaultKey: string,
): Promise<Decision> {
  if (ask === undefined) return Promise.resolve('allow');
  const options = ask === true ? undefined : ask.options;
  const key = ask === true ? defaultKey : ask.key ?? defaultKey;
  return askPermission(ctx, toolCall, options, key);
}

export async function playPermission(step: PermissionStep, ctx: StepContext): Promise<Outcome | undefined> {
  const toolCall = step.permission.toolCall;
  const kind = isObject(toolCall) && typeof toolCall.kind === 'string' ? toolCall.kind : undefined;
  const decision = await askPermission(ctx, toolCall, step.permission.options, kind);
  if (decision === 'cancelled') return cancelled;
  return ctx.play(decision === 'allow' ? step.onAllow : step.onReject);
}
