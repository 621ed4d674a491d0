// One log output channel per agent: the client's notes about it and every line the agent writes to stderr.
import * as vscode from 'vscode';
import type { AgentLog } from '../acp/agentRuntime';

export function createAgentLog(channel: vscode.LogOutputChannel): AgentLog {
  return {
    error: (message) => channel.error(message),
    warn: (message) => channel.warn(message),
    info: (message) => channel.info(message),
    log: (message) => channel.trace(message),
    stderr: (line) => channel.info(`[stderr] ${line}`),
  };
}
