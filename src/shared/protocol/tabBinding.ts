// The conversation a chat tab is bound to, as the tab's webview keeps it (`vscode.setState`) so that the tab comes
// back bound to the same conversation after a window reload (session keys are the window's, so the binding is the
// agent and the agent's own session id). Read leniently: the state may come from an older build.
import { isRecord } from '../text/narrow';

export interface TabBinding {
  agentId: string;
  sessionId: string;
  /** The session's working folder, when known (it is reopened there). */
  cwd?: string;
  /** The tab's title while the session comes back. */
  title?: string;
}

export function parseTabBinding(value: unknown): TabBinding | undefined {
  if (!isRecord(value) || typeof value.agentId !== 'string' || typeof value.sessionId !== 'string') return undefined;
  if (value.agentId === '' || value.sessionId === '') return undefined;
  const binding: TabBinding = { agentId: value.agentId, sessionId: value.sessionId };
  if (typeof value.cwd === 'string') binding.cwd = value.cwd;
  if (typeof value.title === 'string') binding.title = value.title;
  return binding;
}
