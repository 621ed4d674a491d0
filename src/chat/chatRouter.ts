// The chat's messages to their owners: each message type has one handler, registered by the feature that owns it
// (the composer, the history, the review's strip and checkpoints, the permission level, sign-in, the controller for
// the rest); a handler hears which view sent the message, so its answer goes to that view only. A type nobody owns is
// refused and logged, never dropped in silence; a second owner for a type is a wiring mistake, thrown at once.
import type { Disposable } from 'vscode-jsonrpc/node';
import type { ChatHandler, ChatHandlers, ChatMessageType, ChatSender } from '../session/chatHandlers';
import type { WebviewToHost } from '../shared/protocol/webviewProtocol';

export class ChatRouter implements ChatHandlers {
  private readonly owners = new Map<ChatMessageType, (message: WebviewToHost, from: ChatSender) => unknown>();

  constructor(private readonly log: (line: string) => void) {}

  handle<T extends ChatMessageType>(types: readonly T[], handler: ChatHandler<T>): Disposable {
    const taken = types.filter((type) => this.owners.has(type));
    if (taken.length > 0) throw new Error(`The chat's ${taken.map((type) => `"${type}"`).join(', ')} messages already have a handler.`);
    const owner = handler as (message: WebviewToHost, from: ChatSender) => unknown;
    for (const type of types) this.owners.set(type, owner);
    return {
      dispose: () => {
        for (const type of types) if (this.owners.get(type) === owner) this.owners.delete(type);
      },
    };
  }

  /** Hands the message to its owner; resolves when the owner is done (rejects with what it failed with). */
  async dispatch(message: WebviewToHost, from: ChatSender): Promise<void> {
    const owner = this.owners.get(message.type);
    if (!owner) {
      this.log(`refused the chat's "${message.type}" message: nothing handles it`);
      throw new Error(`The extension could not do that: nothing handles the chat's "${message.type}" message.`);
    }
    await owner(message, from);
  }
}
