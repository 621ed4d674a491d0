// Making a worktree thread: the repository a folder is in (said plainly when there is none), a free branch and folder
// named after the agent, the worktree (written down first, so a crash leaves a record to tidy, not an orphan), and a
// session of that agent working there, on the given chat surface.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenSession } from '../../session/sessionRegistry';
import type { SessionStarter, SurfaceSessions } from '../../session/surfaceSessions';
import type { ThreadBook } from '../threadBook';
import { nextThreadName, worktreesFolder } from '../threadNames';
import { branchExists, createWorktree, headCommit, workingTreeRoot, type ThreadWorktree } from '../worktreeGit';

export interface AgentChoice {
  id: string;
  name: string;
}

export interface ThreadMakerDeps {
  book: ThreadBook;
  starter: SessionStarter;
  /** Makes `agentId` the agent new sessions use (resolves once it is). */
  selectAgent(agentId: string): Promise<void>;
}

export class ThreadMaker {
  constructor(private readonly deps: ThreadMakerDeps) {}

  /** The repository a new thread of `folder` branches from (a thread's folder: its repository's main working tree). */
  async repositoryOf(folder: string): Promise<string> {
    const repository = this.deps.book.holding(folder)?.repository ?? (await workingTreeRoot(folder));
    if (repository === undefined)
      throw new Error(`${folder} is not in a git repository (or git cannot be run), so a thread cannot get a worktree of its own there. "ACP: New Session" starts one in the folder itself.`);
    if ((await headCommit(repository)) === undefined) throw new Error(`${path.basename(repository)} has no commit yet: make a first commit, then start a thread in a worktree.`);
    return repository;
  }

  /** Makes `agentId` the agent new sessions use. */
  selectAgent(agentId: string): Promise<void> {
    return this.deps.selectAgent(agentId);
  }

  /** A worktree for a thread of `agent`, and a session of that agent in it, shown on `surface`. */
  async make(repository: string, agent: AgentChoice, carry: boolean, surface: SurfaceSessions): Promise<{ worktree: ThreadWorktree; open: OpenSession }> {
    const location = worktreesFolder(repository, vscode.workspace.getConfiguration('acp').get<string>('worktrees.location'));
    const name = await nextThreadName(agent.name, location, async (candidate) => existsSync(candidate.folder) || (await branchExists(repository, candidate.branch)));
    const planned: ThreadWorktree = { repository, path: name.folder, branch: name.branch, base: '' };
    await this.deps.book.add(planned);
    let worktree: ThreadWorktree;
    try {
      worktree = await createWorktree({ repository, folder: name.folder, branch: name.branch, carry });
    } catch (error) {
      await this.deps.book.remove(planned.path);
      throw error;
    }
    await this.deps.book.add(worktree);
    await this.deps.selectAgent(agent.id);
    const open = await this.deps.starter.newSession(surface, { cwd: worktree.path });
    return { worktree, open };
  }
}
