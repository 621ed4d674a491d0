// What the chat view asks of a subagent (a child session shown in its parent's transcript): stop its work alone
// (`session/cancel` on the child, when it advertises `cancel`), or open its transcript on its own (read-only).
// Both are about the parent session the view shows (the message names its key) and name the child's session id.

export type SubagentWebviewMessage = { type: 'cancelSubagent'; childSessionId: string } | { type: 'openSubagent'; childSessionId: string };

export const SUBAGENT_MESSAGE_TYPES = ['cancelSubagent', 'openSubagent'] as const;

const MAX_ID_CHARS = 1024;

export function parseSubagentMessage(value: Record<string, unknown>): SubagentWebviewMessage | undefined {
  if (value.type !== 'cancelSubagent' && value.type !== 'openSubagent') return undefined;
  const id = value.childSessionId;
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_CHARS) return undefined;
  return { type: value.type, childSessionId: id };
}
