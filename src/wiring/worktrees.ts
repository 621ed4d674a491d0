// Worktree threads, wired: the agent pick they ask with (the palette's, the current agent first) and the sessions a
// thread's worktree holds.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SessionParts } from '../chat/sessionParts';
import type { PalettePicks } from '../commands/quickPick';
import { agentItems } from '../commands/switchAgent';
import { readAgents } from '../config/agentSettings';
import { registerWorktrees, type WorktreesApi } from '../worktrees/vscode/registerWorktrees';

export interface WorktreesDeps {
  parts: SessionParts;
  picks: PalettePicks;
  agentSelected(): Promise<void>;
  chooseAgent(agentId: string): Promise<void>;
  log(line: string): void;
}

export const WORKTREE_AGENT_PICK = 'acp.newThreadInWorktree.agent';

export function wireWorktrees(context: vscode.ExtensionContext, deps: WorktreesDeps): { api: WorktreesApi; disposables: vscode.Disposable[] } {
  const { registry, surfaces, starter } = deps.parts;
  return registerWorktrees(context.workspaceState, {
    surfaces,
    starter,
    pickOne: (request) => deps.picks.pickOne(request),
    chooseAgent: async () => {
      await deps.agentSelected();
      const { agents } = readAgents(context.extensionUri);
      const current = deps.parts.pool.selected?.definition.id;
      const chosen = await deps.picks.pickOne({ id: WORKTREE_AGENT_PICK, title: 'New Thread in Worktree', placeholder: 'The agent that works in the new worktree', items: agentItems(agents, current) });
      const agent = agents.find((candidate) => candidate.id === chosen);
      if (!agent) return undefined;
      if (agent.id !== current) await deps.chooseAgent(agent.id);
      return { name: agent.name };
    },
    sessionsIn: (folder) => registry.openSessions.filter((open) => open.cwd === folder || open.cwd.startsWith(folder + path.sep)).map((open) => open.key),
    log: deps.log,
  });
}
