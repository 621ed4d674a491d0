// The `agentCommand` step: a command the agent runs itself (spawned here, no shell, never through the client's
// terminal/*), reported the way claude-agent-acp and codex-acp report theirs (agentTerminalMeta.ts):
//   form "claude": with the client's `_meta.terminal_output` opt-in, terminal content naming the tool call id and
//     `_meta.terminal_info`, the output as `_meta.terminal_output` chunks while it runs, `_meta.terminal_exit` with
//     the final status; without the opt-in, the output as a ```console block in content at the end;
//   form "codex": always terminal content and `terminal_info` (with cwd), the output streamed as `terminal_output`
//     (opt-in) or `terminal_output_delta` (no opt-in), and at the end `rawOutput` {formatted_output, exit_code} and
//     `terminal_exit`.
// `keepRunningOnCancel` plays codex's defect: on session/cancel the turn ends cancelled but the command runs on and
// its output keeps coming as `_meta` updates (no exit is reported for it then). `assumeOptIn` overrides what the
// client advertised (false: behave as for a client without the opt-in). Sets terminalOutputOptIn (what the client
// advertised: "true" or "false").
import { spawn } from 'node:child_process';
import { absolutePath, cancelled, needSession, Outcome, sendUpdate, StepContext, textContent, useToolCallId } from './context';
import type { JsonObject } from './json';
import type { AgentCommandStep } from './scenario';

export async function playAgentCommand(step: AgentCommandStep, ctx: StepContext): Promise<Outcome | undefined> {
  const spec = step.agentCommand;
  const form = spec.form ?? 'claude';
  const args = spec.args ?? [];
  const cwd = absolutePath(ctx, spec.cwd ?? needSession(ctx).cwd);
  const toolCallId = useToolCallId(ctx, spec.toolCallId);
  ctx.vars.set('terminalOutputOptIn', String(ctx.client.terminalOutput));
  const optedIn = spec.assumeOptIn ?? ctx.client.terminalOutput;
  const streams = form === 'codex' || optedIn;
  const outputKey = optedIn ? 'terminal_output' : 'terminal_output_delta';
  const terminal: JsonObject = streams ? { content: [{ type: 'terminal', terminalId: toolCallId }] } : {};
  const info: JsonObject = form === 'codex' ? { terminal_id: toolCallId, cwd } : { terminal_id: toolCallId };
  const call: JsonObject = {
    sessionUpdate: 'tool_call',
    toolCallId,
    title: spec.title ?? [spec.command, ...args].join(' '),
    kind: 'execute',
    status: 'in_progress',
    rawInput: { command: [spec.command, ...args], cwd },
    ...terminal,
  };
  if (streams) call._meta = { terminal_info: info };
  sendUpdate(ctx, call);
  const child = spawn(spec.command, args, { cwd, shell: false, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  let output = '';
  const onData = (chunk: Buffer): void => {
    const data = chunk.toString('utf8');
    output += data;
    if (streams) sendUpdate(ctx, { sessionUpdate: 'tool_call_update', toolCallId, _meta: { [outputKey]: { terminal_id: toolCallId, data } } });
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const done = new Promise<{ exitCode: number | null; signal: string | null; error?: string }>((resolve) => {
    child.on('error', (error) => resolve({ exitCode: 127, signal: null, error: error.message }));
    child.on('close', (exitCode, signal) => resolve({ exitCode, signal }));
  });
  const exit = await ctx.gate.race(done);
  if (exit === undefined) {
    if (spec.keepRunningOnCancel) {
      ctx.log.info(`agentCommand ${spec.command}: cancelled, left running (as codex does)`);
      void done.then(() => ctx.log.info(`agentCommand ${spec.command}: ended after the cancel`));
    } else {
      child.kill();
      sendUpdate(ctx, {
        sessionUpdate: 'tool_call_update',
        toolCallId,
        status: 'failed',
        ...(streams ? { _meta: { terminal_exit: { terminal_id: toolCallId, exit_code: null, signal: 'SIGTERM' } } } : {}),
      });
    }
    return cancelled;
  }
  ctx.vars.set('exitCode', String(exit.exitCode ?? exit.signal));
  ctx.vars.set('output', output.trim().slice(0, 2000));
  const status = exit.exitCode === 0 ? 'completed' : 'failed';
  const ending: JsonObject = { terminal_exit: { terminal_id: toolCallId, exit_code: exit.exitCode, signal: exit.signal } };
  if (form === 'codex') {
    sendUpdate(ctx, { sessionUpdate: 'tool_call_update', toolCallId, status, rawOutput: { formatted_output: output, exit_code: exit.exitCode }, _meta: ending });
  } else if (streams) {
    sendUpdate(ctx, { sessionUpdate: 'tool_call_update', toolCallId, status, rawOutput: output, _meta: ending });
  } else {
    sendUpdate(ctx, { sessionUpdate: 'tool_call_update', toolCallId, status, rawOutput: output, content: [textContent(`\`\`\`console\n${output.trimEnd()}\n\`\`\``)] });
  }
  return undefined;
}
