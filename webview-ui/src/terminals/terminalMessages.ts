// The shallow check of a `terminalOutput` message from the host (see hostMessage.ts).
import type { TerminalOutputMessage } from '../../../src/shared/protocol/webviewProtocol';

export function asTerminalOutputMessage(value: Record<string, unknown>): TerminalOutputMessage | undefined {
  if (value.type !== 'terminalOutput') return undefined;
  const valid =
    typeof value.sessionKey === 'string' &&
    typeof value.terminalId === 'string' &&
    typeof value.text === 'string' &&
    (value.exitStatus === undefined || (typeof value.exitStatus === 'object' && value.exitStatus !== null));
  return valid ? (value as unknown as TerminalOutputMessage) : undefined;
}
