// A chat view's host for unit tests: a webview as the view sees it (what it was posted, the user's side of ready,
// visibility and messages).
import { Emitter } from 'vscode-jsonrpc/node';
import type { ChatViewHost } from '../../../src/chat/view/chatView';
import { unpackFromHost } from '../../../src/shared/protocol/entryWire';
import type { HostToWebview } from '../../../src/shared/protocol/webviewProtocol';

/** A webview as the view sees it: what it was posted, and the user's side (ready, visibility, messages). */
export class FakeHost implements ChatViewHost {
  readonly posted: HostToWebview[] = [];
  readonly errors: string[] = [];
  visible = true;
  private readonly received = new Emitter<unknown>();
  private readonly visibility = new Emitter<boolean>();
  private readonly disposed = new Emitter<void>();
  private readonly postedEmitter = new Emitter<HostToWebview>();
  readonly onDidReceiveMessage = this.received.event;
  readonly onDidChangeVisibility = this.visibility.event;
  readonly onDidDispose = this.disposed.event;

  /** Keeps the message as the view's store takes it (the entries unpacked). */
  postMessage(raw: unknown): void {
    const message = unpackFromHost(raw as HostToWebview);
    this.posted.push(message);
    this.postedEmitter.fire(message);
  }
  reveal(): void {
    this.setVisible(true);
  }
  showError(message: string): void {
    this.errors.push(message);
  }

  /** The document sends a message (as the webview would, unvalidated). */
  send(message: object): void {
    this.received.fire(message);
  }
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.visibility.fire(visible);
  }
  close(): void {
    this.disposed.fire();
  }
  /** The types posted from `from` on. */
  typesSince(from: number): string[] {
    return this.posted.slice(from).map((message) => message.type);
  }
  /** Resolves with the first message from `from` on that matches (already posted, or when it is). */
  waitFor<T extends HostToWebview['type']>(type: T, from = 0): Promise<Extract<HostToWebview, { type: T }>> {
    const found = this.posted.slice(from).find((message) => message.type === type);
    if (found) return Promise.resolve(found as Extract<HostToWebview, { type: T }>);
    return new Promise((resolve) => {
      const listening = this.postedEmitter.event((message) => {
        if (message.type !== type) return;
        listening.dispose();
        resolve(message as Extract<HostToWebview, { type: T }>);
      });
    });
  }
}
