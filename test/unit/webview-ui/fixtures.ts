// Small builders for webview tests.
import type { AgentMessageEntry, SessionHeader, ToolCallEntry, TranscriptEntry } from '../../../src/shared/transcript/model';
import type { AgentSummary, HostToWebview } from '../../../src/shared/protocol/webviewProtocol';
import type { SessionKey } from '../../../src/shared/sessionKey';

export function header(patch: Partial<SessionHeader> = {}): SessionHeader {
  return { turn: 'idle', plan: [], availableCommands: [], availableModes: [], configOptions: [], ...patch };
}

export function agentMessage(id: string, rev: number, text: string): AgentMessageEntry {
  return { kind: 'agent', id, rev, content: [{ type: 'text', text }] };
}

export function toolCall(id: string, rev: number, patch: Partial<ToolCallEntry> = {}): ToolCallEntry {
  return {
    kind: 'tool_call',
    id,
    rev,
    toolCallId: `call-${id}`,
    title: 'Read file',
    toolKind: 'read',
    status: 'pending',
    content: [],
    locations: [],
    extra: {},
    ...patch,
  };
}

export const readyAgent: AgentSummary = { id: 'demo', name: 'Demo agent', status: 'ready' };

export function snapshot(
  entries: TranscriptEntry[],
  sessionKey = 's1' as SessionKey,
  agent: AgentSummary | null = readyAgent,
): HostToWebview {
  return { type: 'snapshot', agent, session: { sessionKey, header: header(), entries, totalEntries: entries.length } };
}
