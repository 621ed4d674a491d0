// One log output channel per agent: the client's notes about it and every line the agent writes to stderr, with
// secrets masked.
import * as vscode from 'vscode';
import type { AgentLog } from '../acp/agentRuntime';

export function createAgentLog(channel: vscode.LogOutputChannel, mask: (text: string) => string): AgentLog {
  return {
    error: (message) => channel.error(mask(message)),
    warn: (message) => channel.warn(mask(message)),
    info: (message) => channel.info(mask(message)),
    log: (message) => channel.trace(mask(message)),
    stderr: (line) => channel.info(`[stderr] ${mask(line)}`),
  };
}
