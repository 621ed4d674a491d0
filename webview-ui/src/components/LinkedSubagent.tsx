// A tool call's `session` content item: the child session it names, drawn as a thread inside the card.
import { SubagentThread } from './SubagentThread';
import { useSubagent } from '../subagents/subagentScope';

/** The child session a `session` content item names, if it is one. */
export function linkedSessionId(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { type, sessionId } = item as { type?: unknown; sessionId?: unknown };
  return type === 'session' && typeof sessionId === 'string' ? sessionId : undefined;
}

export function LinkedSubagent({ sessionId }: { sessionId: string }) {
  const entry = useSubagent(sessionId);
  return (
    <li class="tool-content tool-content--session" data-content-type="session" data-session-id={sessionId}>
      {entry ? <SubagentThread entry={entry} /> : <span class="subagent__empty">Subagent session {sessionId}</span>}
    </li>
  );
}
