// The "ACP Traffic" output channel: every JSON-RPC message in both directions while `acp.trafficLog.enabled` is on.
import * as vscode from 'vscode';
import type { Message } from 'vscode-jsonrpc/node';
import type { TrafficDirection, TrafficObserver } from '../acp/trafficTap';

const SETTING = 'trafficLog.enabled';
/** Longer messages are cut in the log (the agent still gets and sends them whole). */
const MAX_LOGGED_CHARS = 20_000;

export class TrafficLog implements TrafficObserver, vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('ACP Traffic');
  private readonly subscription: vscode.Disposable;
  enabled = readEnabled();

  constructor() {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`acp.${SETTING}`)) this.enabled = readEnabled();
    });
  }

  record(direction: TrafficDirection, message: Message): void {
    let text = JSON.stringify(message);
    if (text.length > MAX_LOGGED_CHARS) text = `${text.slice(0, MAX_LOGGED_CHARS)}… (${text.length} characters)`;
    this.channel.appendLine(`${new Date().toISOString()} ${direction} ${text}`);
  }

  show(): void {
    this.channel.show(true);
  }

  async toggle(): Promise<boolean> {
    const next = !this.enabled;
    await vscode.workspace.getConfiguration('acp').update(SETTING, next, vscode.ConfigurationTarget.Global);
    this.enabled = next;
    if (next) this.show();
    return next;
  }

  dispose(): void {
    this.subscription.dispose();
    this.channel.dispose();
  }
}

function readEnabled(): boolean {
  return vscode.workspace.getConfiguration('acp').get<boolean>(SETTING, false);
}
