// What this client advertises in `initialize`: exactly the services it has plugged in, nothing more, the chat
// view's support for boolean session config options (drawn as toggles by the composer), what the plugged-in
// chat view draws (elicitation forms and URL consent, compaction rows), and terminal sign-in when the extension can
// run the agent's command in a VS Code terminal. Notices need no capability (the spec has none).
import type { ClientCapabilities } from '../shared/acp';
import type { ClientServices } from './clientRequests';

/** What the chat view plugged into the host can show the user and answer (see webview/chatRenders.ts). */
export interface ChatRenders {
  elicitation: { form: boolean; url: boolean };
  compaction: boolean;
}

export const NOTHING_RENDERED: ChatRenders = { elicitation: { form: false, url: false }, compaction: false };

export interface ClientFeatures {
  /** Terminal authentication methods can be run (the agent's own command, in a terminal). */
  terminalAuth?: boolean;
}

export function clientCapabilitiesFor(
  services: ClientServices,
  renders: ChatRenders = NOTHING_RENDERED,
  features: ClientFeatures = {},
): ClientCapabilities {
  const has = (method: keyof ClientServices['handlers']): boolean => services.handlers[method] !== undefined;
  const { form, url } = renders.elicitation;
  return {
    fs: { readTextFile: has('fs/read_text_file'), writeTextFile: has('fs/write_text_file') },
    terminal: ['terminal/create', 'terminal/output', 'terminal/wait_for_exit', 'terminal/kill', 'terminal/release'].every((m) =>
      has(m as keyof ClientServices['handlers']),
    ),
    session: { configOptions: { boolean: {} }, ...(renders.compaction ? { compaction: {} } : {}) },
    ...(form || url ? { elicitation: { ...(form ? { form: {} } : {}), ...(url ? { url: {} } : {}) } } : {}),
    ...(features.terminalAuth ? { auth: { terminal: true } } : {}),
  };
}
