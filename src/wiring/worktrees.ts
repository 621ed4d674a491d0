// Worktree threads, wired: the agents they offer, the palette's pick, and the sessions a thread's worktree holds.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SessionParts } from '../chat/sessionParts';
import type { PalettePicks } from '../commands/quickPick';
import { readAgents } from '../config/agentSettings';
import { registerWorktrees, type WorktreesApi } from '../worktrees/vscode/registerWorktrees';

export interface WorktreesDeps {
  parts: SessionParts;
  picks: PalettePicks;
  agentSelected(): Promise<void>;
  chooseAgent(agentId: string): Promise<void>;
  /** The review forgets the changes under a folder that is gone. */
  forgetChanges(folder: string): void;
  log(line: string): void;
}

export function wireWorktrees(context: vscode.ExtensionContext, deps: WorktreesDeps): { api: WorktreesApi; disposables: vscode.Disposable[] } {
  const { registry, surfaces, starter } = deps.parts;
  return registerWorktrees(context.workspaceState, {
    surfaces,
    starter,
    pickOne: (request) => deps.picks.pickOne(request),
    agents: () => readAgents(context.extensionUri).agents.map((agent) => ({ id: agent.id, name: agent.name })),
    currentAgentId: () => deps.parts.pool.selected?.definition.id,
    selectAgent: async (agentId) => {
      await deps.agentSelected();
      if (deps.parts.pool.selected?.definition.id !== agentId) await deps.chooseAgent(agentId);
    },
    forgetChanges: deps.forgetChanges,
    sessionsIn: (folder) => registry.openSessions.filter((open) => open.cwd === folder || open.cwd.startsWith(folder + path.sep)).map((open) => open.key),
    log: deps.log,
  });
}
