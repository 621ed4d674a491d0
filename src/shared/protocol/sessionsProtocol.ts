// Messages about the panel's sessions: the open sessions (one shown, others running or waiting behind it, possibly
// with different agents) and the history of earlier sessions (the agent's `session/list`, when it offers one, merged
// with the extension's own record). Shared by host and webview; the host validates what the webview sends.
import { parseSessionKey, SessionKey } from '../sessionKey';

/** What an open session is doing, for its row in the switcher. */
export type OpenSessionActivity =
  /** Being created, loaded (replaying) or resumed. */
  | 'opening'
  | 'idle'
  | 'working'
  /** A permission request or a question waits for the user. */
  | 'needsYou'
  /** Its agent is gone: a new prompt needs a new session. */
  | 'ended';

export interface OpenSessionView {
  /** Made by the client, unique among the panel's sessions (session ids are unique only per agent). */
  key: SessionKey;
  agentId: string;
  agentName: string;
  /** The agent's title (`session_info_update`), else the first prompt's text, else "New session". */
  title: string;
  /** The session's working folder (its name is shown when the workspace has several folders). */
  cwd: string;
  activity: OpenSessionActivity;
}

export interface SessionsMessage {
  type: 'sessions';
  sessions: OpenSessionView[];
  /** The key of the session shown in the chat, null when none is. */
  currentKey: SessionKey | null;
  /** True when the workspace has several folders (rows then show their folder). */
  multiRoot: boolean;
}

/** An earlier session, from the agent's list and/or the extension's own record. */
export interface HistoryItemView {
  agentId: string;
  agentName: string;
  sessionId: string;
  title?: string;
  cwd: string;
  /** ISO 8601, when known. */
  updatedAt?: string;
  /** It is open in the panel now (choosing it switches to it). */
  open: boolean;
  /** The agent can bring it back (`session/load` or `session/resume`), or a local copy opens read-only. */
  canOpen: boolean;
  /** It opens as the local read-only copy (its agent cannot load it). */
  readOnly?: boolean;
  /** The agent offers `session/delete`, or it is only in the extension's record (then it is forgotten). */
  canDelete: boolean;
  /** The user chose it and it is being brought back (its agent starting, then load or resume). */
  opening?: boolean;
}

export interface HistoryMessage {
  type: 'history';
  items: HistoryItemView[];
  /** More pages can be asked for (`moreHistory`). */
  hasMore: boolean;
  /** The list is being fetched (first page or more). */
  loading: boolean;
  /** Why the agent's list could not be read (the extension's own record is still shown). */
  error?: string;
}

export type SessionsHostMessage = SessionsMessage | HistoryMessage;

export type SessionsWebviewMessage =
  | { type: 'switchSession'; key: SessionKey }
  | { type: 'closeSession'; key: SessionKey }
  /** Fetch the history's first page (the history view opened). */
  | { type: 'showHistory' }
  /** Fetch the next page. */
  | { type: 'moreHistory' }
  | { type: 'openHistorySession'; agentId: string; sessionId: string }
  | { type: 'deleteHistorySession'; agentId: string; sessionId: string }
  /** Open the agent settings (offered with a missing command). */
  | { type: 'openAgentSettings' };

const MAX_KEY_CHARS = 1024;

function isKey(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_KEY_CHARS;
}

/** The message if it is one of these and well formed, otherwise undefined. */
export function parseSessionsMessage(value: Record<string, unknown>): SessionsWebviewMessage | undefined {
  switch (value.type) {
    case 'switchSession':
    case 'closeSession': {
      const key = parseSessionKey(value.key);
      return key ? { type: value.type, key } : undefined;
    }
    case 'showHistory':
    case 'moreHistory':
    case 'openAgentSettings':
      return { type: value.type };
    case 'openHistorySession':
    case 'deleteHistorySession':
      return isKey(value.agentId) && isKey(value.sessionId) ? { type: value.type, agentId: value.agentId, sessionId: value.sessionId } : undefined;
    default:
      return undefined;
  }
}
