// The `run` step: an execute tool call, asked for first when the step says so, that runs a command in the
// client's terminal (shown live as terminal content) or here (output reported as text).
import { CommandResult, CommandSpec, runHere, runInClientTerminal } from './commands';
import { absolutePath, cancelled, needSession, Outcome, sendUpdate, StepContext, textContent, useToolCallId } from './context';
import { fenced } from './fileAccess';
import type { Json, JsonObject } from './json';
import { askFor } from './permission';
import type { RunStep } from './scenario';

const defaultOutputLimit = 1024 * 1024;

function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');
}

function report(result: CommandResult, line: string): { status: string; content: Json[]; rawOutput: JsonObject } {
  const terminal: Json[] = result.terminalId === undefined ? [] : [{ type: 'terminal', terminalId: result.terminalId }];
  if (result.kind === 'failed') {
    return { status: 'failed', content: [...terminal, textContent(`\`${line}\` failed: ${result.message}`)], rawOutput: { error: result.message } };
  }
  if (result.kind === 'cancelled') return { status: 'failed', content: terminal, rawOutput: { cancelled: true } };
  const status = result.exitCode === 0 ? 'completed' : 'failed';
  const rawOutput: JsonObject = { exitCode: result.exitCode, signal: result.signal, output: result.output };
  if (result.terminalId !== undefined) return { status, content: terminal, rawOutput };
  const ending = result.exitCode === 0 ? '' : `\nExited with ${result.signal ? `signal ${result.signal}` : `code ${result.exitCode}`}.`;
  const shown = result.output === '' ? '(no output)' : fenced(result.output, 'output.txt');
  return { status, content: [textContent(`${shown}${ending}`)], rawOutput };
}

export async function playRun(step: RunStep, ctx: StepContext): Promise<Outcome | undefined> {
  const run = step.run;
  const args = run.args ?? [];
  const line = commandLine(run.command, args);
  const spec: CommandSpec = {
    command: run.command,
    args,
    cwd: absolutePath(ctx, run.cwd ?? needSession(ctx).cwd),
    env: run.env ?? {},
    outputByteLimit: run.outputByteLimit ?? defaultOutputLimit,
  };
  const toolCallId = useToolCallId(ctx, run.toolCallId);
  const toolCall: JsonObject = {
    toolCallId,
    title: run.title ?? `Run ${line}`,
    kind: 'execute',
    status: 'pending',
    rawInput: { command: run.command, args, cwd: spec.cwd },
  };
  sendUpdate(ctx, { sessionUpdate: 'tool_call', ...toolCall });
  const decision = await askFor(ctx, run.ask, toolCall, 'execute');
  if (decision === 'cancelled') return cancelled;
  if (decision === 'reject') {
    ctx.vars.set('exitCode', '');
    ctx.vars.set('output', '');
    sendUpdate(ctx, { sessionUpdate: 'tool_call_update', toolCallId, status: 'failed', content: [textContent(`Rejected: \`${line}\` was not run.`)] });
    return ctx.play(step.onReject);
  }
  const running = (content?: Json[]): void =>
    sendUpdate(ctx, { sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress', ...(content ? { content } : {}) });
  let result: CommandResult;
  if (ctx.client.terminal) {
    result = await runInClientTerminal(ctx, spec, (terminalId) => running([{ type: 'terminal', terminalId }]));
  } else {
    running();
    result = await runHere(ctx, spec);
  }
  ctx.log.info(`run ${line}: ${result.kind}${result.kind === 'exited' ? ` (${result.exitCode ?? result.signal})` : ''}`);
  ctx.vars.set('exitCode', result.kind === 'exited' ? String(result.exitCode ?? result.signal) : result.kind);
  ctx.vars.set('output', result.kind === 'exited' ? result.output.trim().slice(0, 2000) : '');
  sendUpdate(ctx, { sessionUpdate: 'tool_call_update', toolCallId, ...report(result, line) });
  if (result.kind === 'cancelled') return cancelled;
  return ctx.play(step.onAllow);
}
