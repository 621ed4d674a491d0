// One quick pick for the palette commands: an item per value, the current one marked and active. It says when it
// is on screen (`onDidShow`), so integration tests can answer it with the workbench's own quick input commands.
import * as vscode from 'vscode';

export interface PickItem<T> extends vscode.QuickPickItem {
  value: T;
  current?: boolean;
}

export interface PickRequest<T> {
  /** Which command asks (what onDidShow reports). */
  id: string;
  title: string;
  placeholder: string;
  items: PickItem<T>[];
}

export class PalettePicks implements vscode.Disposable {
  private readonly shownEmitter = new vscode.EventEmitter<string>();
  /** A pick is on screen, waiting for the user; the value is its request id. */
  readonly onDidShow: vscode.Event<string> = this.shownEmitter.event;

  /** The chosen item's value; undefined when the user dismissed the pick. */
  pickOne<T>(request: PickRequest<T>): Promise<T | undefined> {
    const pick = vscode.window.createQuickPick<PickItem<T>>();
    pick.title = request.title;
    pick.placeholder = request.placeholder;
    pick.matchOnDescription = true;
    pick.items = request.items.map((item) => (item.current ? { ...item, description: [item.description, '(current)'].filter(Boolean).join(' ') } : item));
    const current = pick.items.find((item) => item.current);
    if (current) pick.activeItems = [current];
    return new Promise<T | undefined>((resolve) => {
      pick.onDidAccept(() => {
        resolve(pick.selectedItems[0]?.value);
        pick.hide();
      });
      pick.onDidHide(() => {
        resolve(undefined);
        pick.dispose();
      });
      pick.show();
      this.shownEmitter.fire(request.id);
    });
  }

  dispose(): void {
    this.shownEmitter.dispose();
  }
}
