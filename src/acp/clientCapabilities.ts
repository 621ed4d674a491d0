// What this client advertises in `initialize`: exactly what it implements, nothing more.
import type { ClientCapabilities } from '../shared/acp';

export const CLIENT_CAPABILITIES: ClientCapabilities = {
  fs: { readTextFile: false, writeTextFile: false },
  terminal: false,
};
