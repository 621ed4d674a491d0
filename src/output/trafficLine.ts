// One line of the "ACP Traffic" log: time, direction, the message as JSON, cut when long, secrets masked. Pure.
import type { Message } from 'vscode-jsonrpc/node';
import type { TrafficDirection } from '../acp/trafficTap';

/** Longer messages are cut in the log (the agent still gets and sends them whole). */
export const MAX_LOGGED_CHARS = 20_000;

export function trafficLine(direction: TrafficDirection, message: Message, mask: (text: string) => string, now: Date): string {
  let text = JSON.stringify(message);
  // Masked before the cut, so a cut cannot split a secret into a part no pattern recognises.
  text = mask(text);
  if (text.length > MAX_LOGGED_CHARS) text = `${text.slice(0, MAX_LOGGED_CHARS)}… (${text.length} characters)`;
  return `${now.toISOString()} ${direction} ${text}`;
}
