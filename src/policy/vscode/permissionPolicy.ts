// The permission policy wired into VS Code: settings, the gate sessions consult, the audit log and its commands,
// the rule offers, and the level toggle (command and chat panel).
import * as vscode from 'vscode';
import { isPolicyLevel, LEVEL_LABELS, POLICY_LEVELS, PolicyLevel } from '../../shared/permissionLevels';
import type { ChatHandlers } from '../../session/chatHandlers';
import type { PermissionGate } from '../../session/permissionGate';
import type { AuditLog } from '../auditLog';
import { PolicyGate } from '../policyGate';
import { createAuditLog, exportAuditLog, showAuditLog } from './auditCommands';
import { PolicySettings } from './policySettings';
import { RuleOffers } from './ruleOffer';

/** What the extension API exposes of the policy (the integration tests use it). */
export interface PermissionPolicyApi {
  readonly audit: AuditLog;
  readonly settings: PolicySettings;
  readonly offers: RuleOffers;
}

export interface PermissionPolicy extends PermissionPolicyApi, vscode.Disposable {
  gateFor(agentId: string): PermissionGate;
  /** Registers the chat header's level toggle with the chat. */
  chatHandlers(handlers: ChatHandlers): vscode.Disposable;
}

async function pickLevel(current: PolicyLevel): Promise<PolicyLevel | undefined> {
  const items = POLICY_LEVELS.map((level) => ({ label: LEVEL_LABELS[level], description: level === current ? 'current' : undefined, level }));
  const picked = await vscode.window.showQuickPick(items, { title: 'ACP: permission level', placeHolder: 'What may agents do without asking?' });
  return picked?.level;
}

/** `mask` hides secrets (the agents' keys and tokens) in the permission log as shown and exported. */
export function createPermissionPolicy(context: vscode.ExtensionContext, mask: (text: string) => string = (text) => text): PermissionPolicy {
  const settings = new PolicySettings();
  const audit = createAuditLog(context, mask);
  const offers = new RuleOffers();
  const gate = new PolicyGate({ rules: () => settings.rules(), audit, offerRule: (rule) => offers.offer(rule) });
  const setLevel = (level: PolicyLevel): Promise<void> => settings.setLevel(level);
  const commands = [
    vscode.commands.registerCommand('acp.showPermissionLog', () => showAuditLog(audit, mask)),
    vscode.commands.registerCommand('acp.exportPermissionLog', (target?: unknown) => exportAuditLog(audit, target instanceof vscode.Uri ? target : undefined, mask)),
    vscode.commands.registerCommand('acp.setPermissionLevel', async (level?: unknown) => {
      const chosen = isPolicyLevel(level) ? level : await pickLevel(settings.level().chosen);
      if (chosen) await setLevel(chosen);
    }),
  ];
  return {
    audit,
    settings,
    offers,
    gateFor: (agentId) => gate.forAgent(agentId),
    chatHandlers: (handlers) => handlers.handle(['setPermissionLevel'], (message) => setLevel(message.level)),
    dispose: () => {
      commands.forEach((command) => command.dispose());
      settings.dispose();
      offers.dispose();
    },
  };
}
