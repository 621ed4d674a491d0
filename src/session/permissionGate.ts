// The seam through which a session consults the user's permission policy before it prompts: the gate looks at
// the request (the tool call as the session knows it, merged with the request's own fields) and either names
// the agent's option to answer with, or lets the user be asked. Whatever way the request settles, the session
// reports it back (for the audit log). No `vscode` here.
import type { OpenPermissionOption, RequestPermissionResponse } from '../shared/acp';
import type { ToolCallEntry } from '../shared/transcript/model';

export interface PermissionQuestion {
  sessionId: string;
  /** The request came from a subagent (a child session, `sessionId` is its id): its title for the log. */
  subagent?: string;
  cwd: string;
  roots: readonly string[];
  /** The request's tool call merged over what the session already knew of it. */
  toolCall: ToolCallEntry;
  options: readonly OpenPermissionOption[];
}

export interface PermissionConsideration {
  /** The option a rule answers with; undefined: the user is asked. */
  readonly answer?: { option: OpenPermissionOption; rule: string; decision: 'allow' | 'reject' };
  /** Why the user is asked although a rule decided (e.g. the agent offers no fitting option). */
  readonly note?: string;
  /** The different commands the request's raw input names, when they disagree: the user sees each. */
  readonly conflictingCommands?: readonly string[];
  /** How the request was answered in the end (once). */
  settled(response: RequestPermissionResponse): void;
}

export interface PermissionGate {
  consider(question: PermissionQuestion): Promise<PermissionConsideration>;
}

/** No policy: the user answers every request. */
export const ASK_THE_USER: PermissionGate = {
  consider: () => Promise.resolve({ settled: () => undefined }),
};
