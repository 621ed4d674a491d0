// "ACP: Send to Several Agents…": one prompt to two or more agents, each in a new worktree thread of the same
// repository (each session in a chat tab of its own), and the Compare view: one row per thread (agent, branch, what
// it is doing, how many files it changed), its changed files under it (a click shows the diff against the base),
// and "Apply This One" on each.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenSession } from '../../session/sessionRegistry';
import type { ActiveSurface, SessionStarter } from '../../session/surfaceSessions';
import { threadChanges, type ThreadFileChange } from '../threadChanges';
import type { ThreadWorktree } from '../worktreeGit';
import type { AgentChoice, ThreadMaker } from './threadMaker';
import { openThreadDiff } from './threadFiles';

export const SEND_TO_SEVERAL_AGENTS = 'acp.sendToSeveralAgents';
export const COMPARE_VIEW = 'acp.compare';
export const APPLY_THIS_ONE = 'acp.compare.applyThisOne';
export const OPEN_THREAD_FILE_DIFF = 'acp.compare.openDiff';
const COMPARING = 'acp.comparing';

export interface CompareQuestions {
  /** The agents to send to (two or more), or undefined when dismissed. */
  agents(choices: AgentChoice[], current: string | undefined): Promise<AgentChoice[] | undefined>;
  /** The prompt, or undefined when dismissed. */
  prompt(): Promise<string | undefined>;
}

export const vscodeCompareQuestions: CompareQuestions = {
  agents: async (choices, current) => {
    const picked = await vscode.window.showQuickPick(
      choices.map((agent) => ({ label: agent.name, description: agent.id, picked: agent.id === current, agent })),
      { canPickMany: true, title: 'Send to Several Agents', placeHolder: 'The agents that each work on the prompt in a worktree of their own (two or more)' },
    );
    return picked?.map((item) => item.agent);
  },
  prompt: async () =>
    vscode.window.showInputBox({ title: 'Send to Several Agents', prompt: 'What each agent is asked to do', validateInput: (value) => (value.trim() === '' ? 'Say what they should do.' : undefined) }),
};

export interface CompareDeps {
  maker: ThreadMaker;
  surfaces: ActiveSurface;
  starter: SessionStarter;
  agents(): AgentChoice[];
  currentAgentId(): string | undefined;
  /** The folder a comparison branches from when the command names none. */
  startingFolder(argument: unknown): Promise<string>;
  log(line: string): void;
}

type Working = 'working' | 'done' | 'failed';

interface Contender {
  agent: AgentChoice;
  worktree: ThreadWorktree;
  open: OpenSession;
  state: Working;
  files: ThreadFileChange[];
}

type CompareNode = { type: 'thread'; contender: Contender } | { type: 'file'; contender: Contender; file: ThreadFileChange };

export class CompareThreads implements vscode.TreeDataProvider<CompareNode>, vscode.Disposable {
  questions: CompareQuestions = vscodeCompareQuestions;
  private contenders: Contender[] = [];
  private readonly changeEmitter = new vscode.EventEmitter<CompareNode | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly refreshedEmitter = new vscode.EventEmitter<void>();
  /** The files of a contender were read again (tests wait for it). */
  readonly onDidRefresh = this.refreshedEmitter.event;
  private readonly watching: { dispose(): void }[] = [];

  constructor(private readonly deps: CompareDeps) {}

  register(): vscode.Disposable[] {
    return [
      vscode.window.registerTreeDataProvider(COMPARE_VIEW, this),
      vscode.commands.registerCommand(OPEN_THREAD_FILE_DIFF, (node: CompareNode) => {
        if (node?.type === 'file') return openThreadDiff(node.contender.worktree, node.file.path, node.file.status === 'deleted');
        return undefined;
      }),
      vscode.commands.registerCommand(APPLY_THIS_ONE, (node: CompareNode) => vscode.commands.executeCommand('acp.applyThread', node?.contender.worktree.path)),
      this,
    ];
  }

  /** The threads being compared now. */
  get threads(): readonly { agent: AgentChoice; worktree: ThreadWorktree; sessionKey: string; state: Working; files: readonly ThreadFileChange[] }[] {
    return this.contenders.map((contender) => ({ agent: contender.agent, worktree: contender.worktree, sessionKey: contender.open.key, state: contender.state, files: contender.files }));
  }

  async send(argument?: unknown): Promise<void> {
    const repository = await this.deps.maker.repositoryOf(await this.deps.startingFolder(argument));
    const agents = await this.questions.agents(this.deps.agents(), this.deps.currentAgentId());
    if (agents === undefined) return;
    if (agents.length < 2) throw new Error('Choose two agents or more to compare: "ACP: New Thread in Worktree" starts one.');
    const text = (await this.questions.prompt())?.trim();
    if (!text) return;
    const previous = this.deps.currentAgentId();
    this.clear();
    const surface = this.deps.surfaces.current();
    for (const agent of agents) {
      const { worktree, open } = await this.deps.maker.make(repository, agent, false, surface);
      const contender: Contender = { agent, worktree, open, state: 'working', files: [] };
      this.contenders.push(contender);
      this.watching.push(
        open.session.observeTurns({
          willPrompt: async () => this.setState(contender, 'working'),
          didEndTurn: () => void this.refresh(contender, 'done'),
        }),
      );
      await vscode.commands.executeCommand('acp.openChatInEditor', open.key);
      this.deps.starter.submitPrompt(surface, open.key, { text, mentions: [], images: [] }).catch((error: unknown) => {
        this.deps.log(`${agent.name} could not be sent the prompt: ${String(error)}`);
        this.setState(contender, 'failed');
      });
    }
    // New sessions go on using the agent they used before.
    if (previous !== undefined) await this.deps.maker.selectAgent(previous);
    await vscode.commands.executeCommand('setContext', COMPARING, true);
    await vscode.commands.executeCommand(`${COMPARE_VIEW}.focus`);
    this.changeEmitter.fire(undefined);
  }

  getTreeItem(node: CompareNode): vscode.TreeItem {
    if (node.type === 'file') {
      const item = new vscode.TreeItem(node.file.path, vscode.TreeItemCollapsibleState.None);
      item.description = node.file.status;
      item.iconPath = vscode.ThemeIcon.File;
      item.resourceUri = vscode.Uri.file(path.join(node.contender.worktree.path, ...node.file.path.split('/')));
      item.command = { command: OPEN_THREAD_FILE_DIFF, title: 'Show Changes', arguments: [node] };
      return item;
    }
    const { contender } = node;
    const item = new vscode.TreeItem(contender.agent.name, vscode.TreeItemCollapsibleState.Expanded);
    const files = contender.files.length;
    item.description = [contender.state === 'working' ? 'Working' : contender.state === 'failed' ? 'Failed' : 'Done', contender.worktree.branch, `${files} file${files === 1 ? '' : 's'} changed`].join(' · ');
    item.tooltip = `${contender.agent.name} in ${contender.worktree.path} (branch ${contender.worktree.branch})`;
    item.iconPath = new vscode.ThemeIcon(contender.state === 'working' ? 'loading~spin' : contender.state === 'failed' ? 'error' : 'git-branch');
    item.contextValue = 'acpCompareThread';
    return item;
  }

  getChildren(node?: CompareNode): CompareNode[] {
    if (!node) return this.contenders.map((contender) => ({ type: 'thread', contender }));
    if (node.type === 'thread') return node.contender.files.map((file) => ({ type: 'file', contender: node.contender, file }));
    return [];
  }

  dispose(): void {
    this.clear();
    this.changeEmitter.dispose();
    this.refreshedEmitter.dispose();
  }

  private clear(): void {
    this.watching.splice(0).forEach((watch) => watch.dispose());
    this.contenders = [];
  }

  private setState(contender: Contender, state: Working): void {
    contender.state = state;
    this.changeEmitter.fire(undefined);
  }

  private async refresh(contender: Contender, state: Working): Promise<void> {
    try {
      contender.files = (await threadChanges(contender.worktree)).files;
      contender.state = state;
    } catch (error) {
      this.deps.log(`The changes of ${contender.worktree.branch} could not be read: ${String(error)}`);
    }
    this.changeEmitter.fire(undefined);
    this.refreshedEmitter.fire();
  }
}
