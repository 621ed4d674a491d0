// What this client advertises in `initialize`: exactly the services it has plugged in, nothing more, and the chat
// view's support for boolean session config options (drawn as toggles by the composer), and terminal sign-in when
// the extension can run the agent's command in a VS Code terminal.
import type { ClientCapabilities } from '../shared/acp';
import type { ClientServices } from '../session/clientRequests';

export interface ClientFeatures {
  /** Terminal authentication methods can be run (the agent's own command, in a terminal). */
  terminalAuth?: boolean;
}

export function clientCapabilitiesFor(services: ClientServices, features: ClientFeatures = {}): ClientCapabilities {
  const has = (method: keyof ClientServices['handlers']): boolean => services.handlers[method] !== undefined;
  return {
    fs: { readTextFile: has('fs/read_text_file'), writeTextFile: has('fs/write_text_file') },
    terminal: ['terminal/create', 'terminal/output', 'terminal/wait_for_exit', 'terminal/kill', 'terminal/release'].every((m) =>
      has(m as keyof ClientServices['handlers']),
    ),
    session: { configOptions: { boolean: {} } },
    ...(features.terminalAuth ? { auth: { terminal: true } } : {}),
  };
}
