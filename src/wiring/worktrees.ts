// Worktree threads, wired: the agents they offer, the palette's pick, and the sessions a thread's worktree holds.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SessionParts } from '../chat/sessionParts';
import type { PalettePicks } from '../commands/quickPick';
import { readAgents } from '../config/agentSettings';
import { recordClientChanges, undoClientChanges } from '../review/vscode/clientChanges';
import type { ReviewService } from '../review/vscode/reviewService';
import type { SessionKey } from '../shared/sessionKey';
import { registerWorktrees, type WorktreesApi } from '../worktrees/vscode/registerWorktrees';

export interface WorktreesDeps {
  parts: SessionParts;
  picks: PalettePicks;
  agentSelected(): Promise<void>;
  chooseAgent(agentId: string): Promise<void>;
  /** The review: forgets the changes under a folder that is gone, reviews what Apply brings into the main tree. */
  review: ReviewService;
  log(line: string): void;
}

export function wireWorktrees(context: vscode.ExtensionContext, deps: WorktreesDeps): { api: WorktreesApi; disposables: vscode.Disposable[] } {
  const { registry, surfaces, starter } = deps.parts;
  const sessionsIn = (folder: string): SessionKey[] => registry.openSessions.filter((open) => open.cwd === folder || open.cwd.startsWith(folder + path.sep)).map((open) => open.key);
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
    forgetChanges: (folder) => deps.review.forgetUnder(folder),
    sessionsIn,
    reviewApply: {
      beforeWrite: (file, text) => deps.review.disk.ownWrite(file, text),
      // What Apply changed is the thread's change: in its session's conversation (a conversation of the worktree's
      // own when no session of it is open).
      record: (thread, texts) => {
        const ledger = deps.review.ledgerOfConversation(sessionsIn(thread.path)[0], `worktree\u0000${thread.path}`);
        recordClientChanges(ledger, texts);
        return { undo: () => undoClientChanges(deps.review, ledger, texts) };
      },
    },
    log: deps.log,
  });
}
