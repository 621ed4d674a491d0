// The permission settings as VS Code holds them. Read through inspect() so each layer is known: rules and level
// from user settings count as written; workspace (and folder) settings may only tighten: their rules can ask or
// reject, their level can only lower the user's. Problems in rules are shown once each, as warnings.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { isPolicyLevel, PermissionLevelMessage, PolicyLevel } from '../../shared/permissionLevels';
import { effectiveLevel, levelRules } from '../levels';
import { parseRules } from '../parseRules';
import type { PolicyRule } from '../rules';

const SECTION = 'acp.permissions';

interface Layers<T> {
  user: T | undefined;
  workspace: T[];
}

function layers<T>(key: string): Layers<T> {
  const whole = vscode.workspace.getConfiguration(SECTION).inspect<T>(key);
  // The workspace's own value, and each folder's (a single-folder workspace reports its settings in both).
  const values = [whole?.workspaceValue];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    values.push(vscode.workspace.getConfiguration(SECTION, folder.uri).inspect<T>(key)?.workspaceFolderValue);
  }
  const workspace = new Map<string, T>();
  for (const value of values) if (value !== undefined) workspace.set(JSON.stringify(value), value);
  return { user: whole?.globalValue, workspace: [...workspace.values()] };
}

export interface LevelState {
  /** The user's own choice. */
  chosen: PolicyLevel;
  /** The level in force (a workspace may lower it). */
  effective: PolicyLevel;
}

export class PolicySettings implements vscode.Disposable {
  private cache: { rules: PolicyRule[]; level: LevelState } | undefined;
  private readonly shownProblems = new Set<string>();
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** The rules or the level changed. */
  readonly onDidChange = this.changeEmitter.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly warn: (message: string) => void = (message) => void vscode.window.showWarningMessage(message)) {
    this.subscription = vscode.Disposable.from(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SECTION)) this.invalidate();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.invalidate()),
    );
  }

  /** The rules in force: the user's, the workspace's, then the level's. */
  rules(): PolicyRule[] {
    return this.read().rules;
  }

  level(): LevelState {
    return this.read().level;
  }

  levelMessage(): PermissionLevelMessage {
    const { chosen, effective } = this.level();
    return { type: 'permissionLevel', level: effective, chosen };
  }

  /** Sets the user's level (user settings). */
  async setLevel(level: PolicyLevel): Promise<void> {
    await vscode.workspace.getConfiguration(SECTION).update('level', level, vscode.ConfigurationTarget.Global);
    this.invalidate();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changeEmitter.dispose();
  }

  private invalidate(): void {
    this.cache = undefined;
    this.changeEmitter.fire();
  }

  private read(): { rules: PolicyRule[]; level: LevelState } {
    if (this.cache) return this.cache;
    const context = { home: os.homedir() };
    const ruleLayers = layers<unknown>('rules');
    const user = parseRules(ruleLayers.user, 'user', context);
    const workspace = ruleLayers.workspace.map((value) => parseRules(value, 'workspace', context));
    const levelLayers = layers<unknown>('level');
    const chosen = isPolicyLevel(levelLayers.user) ? levelLayers.user : 'ask';
    const effective = levelLayers.workspace.filter(isPolicyLevel).reduce<PolicyLevel>((level, lower) => effectiveLevel(level, lower), chosen);
    const problems = [...user.problems, ...workspace.flatMap((parsed) => parsed.problems)];
    for (const value of [levelLayers.user, ...levelLayers.workspace]) {
      if (value !== undefined && !isPolicyLevel(value)) problems.push(`acp.permissions.level: unknown level ${JSON.stringify(value)}; it is ignored`);
    }
    for (const problem of problems) {
      if (this.shownProblems.has(problem)) continue;
      this.shownProblems.add(problem);
      this.warn(`ACP: ${problem}`);
    }
    this.cache = {
      rules: [...user.rules, ...workspace.flatMap((parsed) => parsed.rules), ...levelRules(effective)],
      level: { chosen, effective },
    };
    return this.cache;
  }
}
