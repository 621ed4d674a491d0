// The idle CPU floor: the workbench's webview machinery (its host page, its focus polling) with a page that does
// nothing, in the same place as the chat view.
const vscode = require('vscode');

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider(
      'acpBench.blank',
      {
        resolveWebviewView(view) {
          view.webview.options = { enableScripts: true };
          view.webview.html = '<!DOCTYPE html><html><body><p>Blank</p></body></html>';
        },
      },
      { webviewOptions: { retainContextWhenHidden: true } },
    ),
  );
};
exports.deactivate = () => undefined;
