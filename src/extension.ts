import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider('acp.chat', {
      resolveWebviewView(view) {
        view.webview.html = '<html><body>ACP</body></html>';
      },
    }),
  );
}

export function deactivate(): void {}
