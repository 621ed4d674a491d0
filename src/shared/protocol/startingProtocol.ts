// What the chat shows of a session that is not there yet: the message the user sent while the agent starts and its
// session opens ("Starting Claude Code…"), and, when that fails, the failure under the message with Retry, Edit and
// Show agent log; the composer's receipts of its prompts (it clears its draft only once the message is in the
// transcript); and the failure actions of the transcript. Pure: both sides import it; the host validates what the
// webview sends here like any other untrusted input.
import type { PromptParts } from './composerProtocol';
import type { EntryId } from '../transcript/model';

/** A failure as the chat shows it: a plain sentence, and what "Details" opens. */
export interface FailureView {
  summary: string;
  details?: string;
  /** The agent's command was not found: which, and how to get it when known. */
  missingCommand?: { command: string; install?: string };
}

/** A session being started for the chat (with the message that asked for it, if any), or the failure of that. */
export interface StartingView {
  agentId: string;
  agentName: string;
  /** The message waiting for the session, as the user wrote it; none when the chat starts a session by itself. */
  prompt?: PromptParts;
  state: 'starting' | 'failed';
  /** The package runner (npx, bunx, …) the agent runs through: its first start may download it. */
  downloads?: string;
  /** Still starting after STILL_STARTING_MS: the chat says so, with Restart and the agent's log. */
  slow?: boolean;
  failure?: FailureView;
  /** An earlier session (from History) that could not be brought back: its title (Retry opens it again). */
  reopen?: { title: string };
}

export type StartingHostMessage =
  | { type: 'starting'; starting: StartingView | null }
  /** The prompt the composer sent with this id is in the transcript (or queued): the composer lets go of it. */
  | { type: 'promptAccepted'; promptId: number }
  /** The prompt could not be taken (nothing was sent): the composer keeps it and says why. */
  | { type: 'promptRefused'; promptId: number; message: string };

export type StartingWebviewMessage =
  /** Try the failed start again (with its message). */
  | { type: 'retryStart' }
  /** Forget the failed start (its message went back to the composer with Edit). */
  | { type: 'dismissStart' }
  /** Send again the user message `entryId` of a session, whose turn failed. */
  | { type: 'retryPrompt'; entryId: EntryId }
  /** Open the output channel of an agent (its stderr and the client's notes about it). */
  | { type: 'showAgentLog'; agentId: string };

const MAX_ID_CHARS = 1024;

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_CHARS;
}

/** Package runners that fetch the agent on its first start. */
const DOWNLOADERS = new Set(['npx', 'bunx', 'pnpx', 'uvx', 'pipx']);

/** The package runner the command runs the agent through (`npx`, `/usr/bin/npx`, `npx.cmd`…), or undefined. */
export function packageRunnerOf(command: string): string | undefined {
  const name = command.split(/[\\/]/).pop()?.replace(/\.(cmd|exe|bat)$/i, '').toLowerCase() ?? '';
  return DOWNLOADERS.has(name) ? name : undefined;
}

export function parseStartingMessage(value: Record<string, unknown>): StartingWebviewMessage | undefined {
  switch (value.type) {
    case 'retryStart':
    case 'dismissStart':
      return { type: value.type };
    case 'retryPrompt':
      return isId(value.entryId) ? { type: 'retryPrompt', entryId: value.entryId } : undefined;
    case 'showAgentLog':
      return isId(value.agentId) ? { type: 'showAgentLog', agentId: value.agentId } : undefined;
    default:
      return undefined;
  }
}
