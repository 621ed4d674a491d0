// Points the extension at the scripted fake agent playing one scenario, through the user settings,
// the way a user configures an agent.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../../src/extension';
import { within } from './realAgentProcess';

export const EXTENSION_ID = 'acp-client-dev.acp-client';

/** Activates the extension and returns its test API (given only in a window that runs tests: ExtensionMode.Test). */
export async function activateExtension(): Promise<AcpExtensionApi> {
  const extension = vscode.extensions.getExtension<AcpExtensionApi | undefined>(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not installed`);
  const api = await extension.activate();
  if (!api) throw new Error(`${EXTENSION_ID} gave no test API: this extension host does not run it in ExtensionMode.Test`);
  return api;
}

export function repoRoot(): string {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not installed`);
  return extension.extensionPath;
}

export function scenarioPath(name: string): string {
  return path.join(repoRoot(), 'test', 'fixtures', 'scenarios', `${name}.json`);
}

/** Configures an agent `scripted-<scenario>` that plays the scenario, makes it the default, and waits until the extension uses it. */
export async function useScriptedAgent(api: AcpExtensionApi, scenario: string): Promise<void> {
  const id = `scripted-${scenario}`;
  const config = vscode.workspace.getConfiguration('acp');
  const selected = waitFor(api.sessions.onDidChangeAgent, (agent) => agent.id === id);
  await config.update(
    'agents',
    [
      {
        id,
        name: `Scripted (${scenario})`,
        command: process.execPath,
        args: [path.join(repoRoot(), 'dist', 'demo-agent.js'), '--scenario', scenarioPath(scenario)],
        env: { ELECTRON_RUN_AS_NODE: '1' },
      },
    ],
    vscode.ConfigurationTarget.Global,
  );
  await config.update('defaultAgent', id, vscode.ConfigurationTarget.Global);
  if (api.sessions.agent?.id !== id) await selected;
  await api.agentSelected();
}

/**
 * Configures scripted agents, one a scenario (its id the scenario's name; with `store`, each keeps its sessions in
 * `<store>.<scenario>.json`), makes the first the default, and waits until the extension uses it.
 */
export async function useScriptedAgents(api: AcpExtensionApi, scenarios: string[], store?: string): Promise<void> {
  const config = vscode.workspace.getConfiguration('acp');
  const selected = waitFor(api.sessions.onDidChangeAgent, (agent) => agent.id === scenarios[0]);
  await config.update(
    'agents',
    scenarios.map((scenario) => ({
      id: scenario,
      name: `Scripted (${scenario})`,
      command: process.execPath,
      args: [path.join(repoRoot(), 'dist', 'demo-agent.js'), '--scenario', scenarioPath(scenario)],
      env: { ELECTRON_RUN_AS_NODE: '1', ...(store === undefined ? {} : { ACP_DEMO_STORE: `${store}.${scenario}.json` }) },
    })),
    vscode.ConfigurationTarget.Global,
  );
  await config.update('defaultAgent', scenarios[0], vscode.ConfigurationTarget.Global);
  if (api.sessions.agent?.id !== scenarios[0]) await within(selected, 20_000, `${scenarios[0]} was not selected`);
  await api.agentSelected();
}

/** Resolves with the first event value that satisfies the predicate. */
export function waitFor<T>(event: (listener: (value: T) => void) => { dispose(): void }, predicate: (value: T) => boolean): Promise<T> {
  return new Promise<T>((resolve) => {
    const subscription = event((value) => {
      if (predicate(value)) {
        subscription.dispose();
        resolve(value);
      }
    });
  });
}
