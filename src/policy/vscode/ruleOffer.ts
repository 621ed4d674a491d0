// After an "always" answer in a prompt: a notification offers to keep it as a rule of the user's own (added to
// `acp.permissions.rules` in user settings only when the user presses the button). The user interface can be
// replaced (tests answer it themselves).
import * as vscode from 'vscode';
import { describeRule } from '../parseRules';
import type { RuleSetting } from '../rules';

export const ADD_RULE_BUTTON = 'Add as a rule';

export interface RuleOfferUi {
  show(message: string, buttons: string[]): PromiseLike<string | undefined>;
}

const NOTIFICATION: RuleOfferUi = { show: (message, buttons) => vscode.window.showInformationMessage(message, ...buttons) };

export class RuleOffers implements vscode.Disposable {
  private ui: RuleOfferUi = NOTIFICATION;
  private readonly offerEmitter = new vscode.EventEmitter<{ rule: RuleSetting; added: boolean }>();
  /** An offer was answered (added or not). */
  readonly onDidAnswer = this.offerEmitter.event;

  /** Replaces the notification; dispose the result to put it back. */
  useUserInterface(ui: RuleOfferUi): vscode.Disposable {
    this.ui = ui;
    return new vscode.Disposable(() => {
      if (this.ui === ui) this.ui = NOTIFICATION;
    });
  }

  offer(rule: RuleSetting): void {
    const message = `Keep your answer as a permission rule for every agent? (${describeRule(rule)})`;
    void Promise.resolve(this.ui.show(message, [ADD_RULE_BUTTON])).then(
      async (button) => {
        const added = button === ADD_RULE_BUTTON;
        if (added) await addUserRule(rule);
        this.offerEmitter.fire({ rule, added });
      },
      () => undefined,
    );
  }

  dispose(): void {
    this.offerEmitter.dispose();
  }
}

async function addUserRule(rule: RuleSetting): Promise<void> {
  const config = vscode.workspace.getConfiguration('acp.permissions');
  const current = config.inspect<unknown>('rules')?.globalValue;
  const rules = Array.isArray(current) ? current : [];
  await config.update('rules', [...rules, rule], vscode.ConfigurationTarget.Global);
}
