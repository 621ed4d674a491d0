// Elicitation requests: elicitation/create sent as written (sessionId filled in unless the step names a scope),
// the answer recorded in template variables, then the branch for the user's action. The step does not check what
// the client advertised: a scenario can ask for a mode the client lacks to see the -32602 answer.
import { needSession, Outcome, StepContext } from './context';
import { isObject, stringAt } from './json';
import type { ElicitStep } from './scenario';
import { RpcError } from './wire';
import { describeError } from '../shared/text/errors';

export async function playElicit(step: ElicitStep, ctx: StepContext): Promise<Outcome | undefined> {
  const session = needSession(ctx);
  const params = { ...step.elicit };
  if (params.requestId === undefined && params.sessionId === undefined) params.sessionId = session.id;
  let answer;
  try {
    answer = await ctx.peer.request('elicitation/create', params);
  } catch (error) {
    const code = error instanceof RpcError ? error.code : '';
    ctx.log.warn(`elicitation/create failed: ${code} ${describeError(error)}`);
    ctx.vars.set('elicitation', `error ${code}`.trim());
    ctx.vars.set('elicitationContent', '');
    return ctx.play(step.onError);
  }
  const action = stringAt(answer, 'action') ?? '';
  const content = isObject(answer) && isObject(answer.content) ? answer.content : undefined;
  ctx.vars.set('elicitation', action);
  ctx.vars.set('elicitationContent', content ? JSON.stringify(content) : '');
  ctx.log.info(`elicitation: ${action}${content ? ` ${JSON.stringify(content)}` : ''}`);
  switch (action) {
    case 'accept':
      return ctx.play(step.onAccept);
    case 'decline':
      return ctx.play(step.onDecline);
    case 'cancel':
      return ctx.play(step.onDismiss);
    default:
      return ctx.play(step.onError);
  }
}
