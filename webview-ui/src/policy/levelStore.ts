// The permission level the host says is in force, for the header's toggle. Pure (runs under mocha).
import { isPolicyLevel, type PermissionLevelMessage } from '../../../src/shared/permissionLevels';
import type { HostToWebview } from '../../../src/shared/protocol/webviewProtocol';

/** The shallow check of a `permissionLevel` message from the host (see hostMessage.ts). */
export function asPermissionLevelMessage(value: Record<string, unknown>): PermissionLevelMessage | undefined {
  return value.type === 'permissionLevel' && isPolicyLevel(value.level) && isPolicyLevel(value.chosen)
    ? { type: 'permissionLevel', level: value.level, chosen: value.chosen }
    : undefined;
}

export class PermissionLevelStore {
  private current: PermissionLevelMessage | undefined;
  private readonly listeners = new Set<() => void>();

  /** Undefined until the host has said. */
  get level(): PermissionLevelMessage | undefined {
    return this.current;
  }

  apply(message: HostToWebview): void {
    if (message.type !== 'permissionLevel') return;
    if (this.current && this.current.level === message.level && this.current.chosen === message.chosen) return;
    this.current = message;
    for (const listener of [...this.listeners]) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
