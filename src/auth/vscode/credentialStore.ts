// Credentials the user typed for env-var sign-in: each value in VS Code's SecretStorage under the agent's id and
// the variable's name; which names an agent has is kept in globalState (SecretStorage cannot list its keys).
import * as vscode from 'vscode';

const NAMES_KEY = 'acp.auth.envVarNames';

function secretKey(agentId: string, name: string): string {
  return `acp.auth.env/${agentId}/${name}`;
}

export class CredentialStore {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
  ) {}

  /** The variables stored for the agent, to lay over its environment at every start. */
  async envFor(agentId: string): Promise<Record<string, string>> {
    const env: Record<string, string> = {};
    for (const name of this.names(agentId)) {
      const value = await this.secrets.get(secretKey(agentId, name));
      if (value !== undefined) env[name] = value;
    }
    return env;
  }

  async has(agentId: string, name: string): Promise<boolean> {
    return (await this.secrets.get(secretKey(agentId, name))) !== undefined;
  }

  async store(agentId: string, name: string, value: string): Promise<void> {
    await this.secrets.store(secretKey(agentId, name), value);
    const names = this.names(agentId);
    if (!names.includes(name)) await this.setNames(agentId, [...names, name]);
  }

  /** Forgets every variable stored for the agent; true when there were some. */
  async forget(agentId: string): Promise<boolean> {
    const names = this.names(agentId);
    for (const name of names) await this.secrets.delete(secretKey(agentId, name));
    await this.setNames(agentId, []);
    return names.length > 0;
  }

  private names(agentId: string): string[] {
    const all = this.state.get<Record<string, unknown>>(NAMES_KEY, {});
    const names = all[agentId];
    return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
  }

  private async setNames(agentId: string, names: string[]): Promise<void> {
    const all = { ...this.state.get<Record<string, unknown>>(NAMES_KEY, {}) };
    if (names.length > 0) all[agentId] = names;
    else delete all[agentId];
    await this.state.update(NAMES_KEY, all);
  }
}
