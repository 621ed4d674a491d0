// Plays a list of steps: fills in each step's templates just before it plays, hands it to its kind's
// handler, and stops early on a cancel, a `stop`, an `error` or a cancelled permission.
import { cancelled, delay, Outcome, StepContext } from './context';
import { playReadFile, playWriteFile } from './fileSteps';
import { sendPlan, sendRawUpdate, sendToolCall, sendToolUpdate, streamText } from './messageSteps';
import { playElicit } from './elicitStep';
import { playIfClient } from './clientCapsStep';
import { flood, sayLarge } from './floodSteps';
import { playPermission } from './permission';
import { playRun } from './runStep';
import { playAgentCommand } from './agentCommandStep';
import { playAsChild, sendSubagentUpdate } from './subagentSteps';
import type { RequestStep, Step } from './scenario';
import { fillStep } from './template';
import { RpcError } from './wire';
import { describeError } from '../shared/text/errors';

/** Steps after which a following `say` / `think` starts a new message. */
const interrupting = new Set(['subagent', 'asChild', 'update', 'toolCall', 'toolUpdate', 'plan', 'permission', 'elicit', 'readFile', 'writeFile', 'run', 'agentCommand']);

export async function runSteps(steps: readonly Step[] | undefined, ctx: StepContext): Promise<Outcome | undefined> {
  for (const written of steps ?? []) {
    if (ctx.gate.interrupting) return cancelled;
    await ctx.peer.drained();
    const step = fillStep(written, ctx.vars);
    const outcome = await playStep(step, ctx);
    if (Object.keys(step).some((key) => interrupting.has(key))) ctx.stream.last = undefined;
    if (outcome) return outcome;
  }
  return undefined;
}

async function playStep(step: Step, ctx: StepContext): Promise<Outcome | undefined> {
  if ('say' in step || 'think' in step) return streamText(step, ctx);
  if ('sayLarge' in step) return sayLarge(step, ctx);
  if ('flood' in step) return flood(step, ctx);
  if ('permission' in step) return playPermission(step, ctx);
  if ('elicit' in step) return playElicit(step, ctx);
  if ('readFile' in step) return playReadFile(step, ctx);
  if ('writeFile' in step) return playWriteFile(step, ctx);
  if ('run' in step) return playRun(step, ctx);
  if ('agentCommand' in step) return playAgentCommand(step, ctx);
  if ('request' in step) return playRequest(step, ctx);
  if ('batch' in step) {
    const responses = await ctx.peer.batch(step.batch);
    ctx.log.info(`batch: ${JSON.stringify(responses)}`);
    if (step.saveAs !== undefined) ctx.vars.set(step.saveAs, JSON.stringify(responses));
    return undefined;
  }
  if ('repeat' in step) return playRepeat(step.repeat, step.steps, ctx);
  if ('ifClient' in step) return playIfClient(step, ctx);
  if ('asChild' in step) return playAsChild(step, ctx, runSteps);
  if ('stop' in step) return { kind: 'stop', stopReason: step.stop, result: step.result };
  if ('error' in step) return { kind: 'error', error: step.error };
  if ('exit' in step) {
    ctx.log.info(`exit ${step.exit} (scripted)`);
    return ctx.exit(step.exit);
  }
  if ('closeStdout' in step) {
    const afterMs = step.closeStdout === true ? 0 : step.closeStdout.afterMs;
    if (afterMs === 0) await ctx.closeOutput();
    // Later, while the next steps play (e.g. a permission request that waits for its answer).
    else setTimeout(() => void ctx.closeOutput(), Math.round(afterMs * ctx.pace));
    return undefined;
  }
  if ('hang' in step) {
    ctx.log.info('hang: this step never ends (a cancel is ignored, nothing is answered)');
    return new Promise<never>(() => undefined);
  }
  if ('waitForCancel' in step) {
    await ctx.gate.whenRaised();
    ctx.gate.acknowledge();
    ctx.log.info('waitForCancel: cancel received, playing on');
  } else if ('update' in step) sendRawUpdate(step, ctx);
  else if ('toolCall' in step) sendToolCall(step, ctx);
  else if ('toolUpdate' in step) sendToolUpdate(step, ctx);
  else if ('plan' in step) sendPlan(step, ctx);
  else if ('subagent' in step) sendSubagentUpdate(step, ctx);
  else if ('notify' in step) ctx.peer.notify(step.notify.method, step.notify.params);
  else if ('stderr' in step) ctx.log.raw(step.stderr);
  else if ('raw' in step) ctx.peer.writeRaw(Buffer.from(step.raw, step.encoding ?? 'utf8'));
  else if ('set' in step) for (const [name, value] of Object.entries(step.set)) ctx.vars.set(name, value);
  else if ('delayMs' in step) return (await delay(ctx, step.delayMs)) ? cancelled : undefined;
  else ctx.log.warn(`unknown step ${JSON.stringify(step)} skipped`);
  return undefined;
}

async function playRepeat(times: number, steps: Step[], ctx: StepContext): Promise<Outcome | undefined> {
  for (let index = 0; index < times; index++) {
    const scoped: StepContext = { ...ctx, vars: ctx.vars.scope('i', index), play: (nested) => runSteps(nested, scoped) };
    const outcome = await runSteps(steps, scoped);
    if (outcome) return outcome;
  }
  return undefined;
}

async function playRequest(step: RequestStep, ctx: StepContext): Promise<Outcome | undefined> {
  const { method, params } = step.request;
  const expected = step.expectError;
  const fail = (message: string): Outcome => {
    ctx.log.warn(`request ${method}: ${message}`);
    return { kind: 'error', error: { code: -32603, message: `scenario expectation failed: ${method} ${message}` } };
  };
  try {
    const result = await ctx.peer.request(method, params);
    if (step.saveAs !== undefined) ctx.vars.set(step.saveAs, JSON.stringify(result));
    return expected === undefined || expected === false ? undefined : fail('succeeded but an error was expected');
  } catch (error) {
    const code = error instanceof RpcError ? error.code : undefined;
    if (step.saveAs !== undefined) ctx.vars.set(step.saveAs, JSON.stringify({ error: { code: code ?? null, message: describeError(error) } }));
    if (expected === true || (typeof expected === 'number' && expected === code)) return undefined;
    return fail(`answered error ${code ?? ''} ${describeError(error)}`.trim());
  }
}
