// The "ACP Traffic" output channel: every JSON-RPC message in both directions while `acp.trafficLog.enabled` is on,
// with secrets masked (see shared/text/secrets.ts).
import * as vscode from 'vscode';
import type { Message } from 'vscode-jsonrpc/node';
import type { TrafficDirection, TrafficObserver } from '../acp/trafficTap';
import { trafficLine } from './trafficLine';

const SETTING = 'trafficLog.enabled';

export class TrafficLog implements TrafficObserver, vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('ACP Traffic');
  private readonly subscription: vscode.Disposable;
  enabled = readEnabled();

  constructor(private readonly mask: (text: string) => string) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(`acp.${SETTING}`)) this.enabled = readEnabled();
    });
  }

  record(direction: TrafficDirection, message: Message): void {
    this.channel.appendLine(trafficLine(direction, message, this.mask, new Date()));
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
