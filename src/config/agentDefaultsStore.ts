// Where each agent's remembered config option values and mode live: the extension's globalState, so they hold
// across windows and restarts.
import type * as vscode from 'vscode';
import { AgentDefaults, AgentDefaultsStore, readAgentDefaults } from './agentDefaults';

const KEY = 'acp.agentDefaults';

export function globalStateDefaults(state: vscode.Memento): AgentDefaultsStore {
  const all = (): Record<string, unknown> => state.get<Record<string, unknown>>(KEY, {});
  return {
    get: (agentId) => readAgentDefaults(all()[agentId]),
    set: (agentId, defaults: AgentDefaults) => state.update(KEY, { ...all(), [agentId]: defaults }),
  };
}
