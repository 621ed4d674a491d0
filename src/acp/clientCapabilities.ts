// What this client advertises in `initialize`: exactly the methods its plugged-in features serve, nothing more, the chat
// view's support for boolean session config options (drawn as toggles by the composer), what the plugged-in
// chat view draws (elicitation forms and URL consent, compaction rows, agent notices), and terminal sign-in when the
// extension can run the agent's command in a VS Code terminal.
import type { ClientCapabilities } from '../shared/acp';
import { ClientFeature, ClientServiceMethod, methodsOf } from './clientRequests';

/** What the chat view plugged into the host can show the user and answer (see webview/chatRenders.ts). */
export interface ChatRenders {
  elicitation: { form: boolean; url: boolean };
  compaction: boolean;
  /** Agent `notice` updates (`session.notices`, stable since 2026-10-09). */
  notices: boolean;
  /** Subagent (child session) threads, their permission requests and cancel (`subagents`, stable since 2026-11-20). */
  subagents?: boolean;
}

export const NOTHING_RENDERED: ChatRenders = { elicitation: { form: false, url: false }, compaction: false, notices: false };

export interface ClientFeatures {
  /** Terminal authentication methods can be run (the agent's own command, in a terminal). */
  terminalAuth?: boolean;
}

const TERMINAL_METHODS: readonly ClientServiceMethod[] = ['terminal/create', 'terminal/output', 'terminal/wait_for_exit', 'terminal/kill', 'terminal/release'];

export function clientCapabilitiesFor(
  plugged: readonly ClientFeature[],
  renders: ChatRenders = NOTHING_RENDERED,
  features: ClientFeatures = {},
): ClientCapabilities & { subagents?: Record<string, never> } {
  const methods = methodsOf(plugged);
  const has = (method: ClientServiceMethod): boolean => methods.has(method);
  const { form, url } = renders.elicitation;
  return {
    fs: { readTextFile: has('fs/read_text_file'), writeTextFile: has('fs/write_text_file') },
    terminal: TERMINAL_METHODS.every(has),
    session: {
      configOptions: { boolean: {} },
      ...(renders.compaction ? { compaction: {} } : {}),
      ...(renders.notices ? { notices: {} } : {}),
    },
    ...(form || url ? { elicitation: { ...(form ? { form: {} } : {}), ...(url ? { url: {} } : {}) } } : {}),
    ...(features.terminalAuth ? { auth: { terminal: true } } : {}),
    ...(renders.subagents ? { subagents: {} } : {}),
  };
}
