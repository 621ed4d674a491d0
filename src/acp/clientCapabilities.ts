// What this client advertises in `initialize`: exactly the methods its plugged-in features serve, nothing more, the chat
// view's support for boolean session config options (drawn as toggles by the composer), what the plugged-in
// chat view draws (elicitation forms and URL consent, compaction rows, agent notices), and terminal sign-in when the
// extension can run the agent's command in a VS Code terminal.
import type { ClientCapabilities } from '../shared/acp';
import { ClientFeature, ClientServiceMethod, methodsOf } from './clientRequests';
import { TERMINAL_OUTPUT_OPT_IN } from '../shared/transcript/agentTerminalMeta';

/** What the chat view plugged into the host can show the user and answer (see chat/view/chatRenders.ts). */
export interface ChatRenders {
  elicitation: { form: boolean; url: boolean };
  compaction: boolean;
  /** Agent `notice` updates (`session.notices`, stable since 2026-10-09). */
  notices: boolean;
  /** The live output of commands agents run themselves, from their tool calls' `_meta` (not ACP: a convention). */
  terminalOutput?: boolean;
  /** Identified plans: `plan_update` (items and Markdown, several per session) and `plan_removed` (`plan: {}`). */
  plans?: boolean;
  /** Subagent (child session) threads, their permission requests and cancel (`subagents`, stable since 2026-11-20). */
  subagents?: boolean;
}

export const NOTHING_RENDERED: ChatRenders = { elicitation: { form: false, url: false }, compaction: false, notices: false };

/** The capabilities sent, with those newer than the SDK's stable types (`plan`: ACP v1 since 2026-11-20). */
export type AdvertisedCapabilities = ClientCapabilities & { plan?: Record<string, never>; subagents?: Record<string, never> };

export interface ClientFeatures {
  /** Terminal authentication methods can be run (the agent's own command, in a terminal). */
  terminalAuth?: boolean;
}

const TERMINAL_METHODS: readonly ClientServiceMethod[] = ['terminal/create', 'terminal/output', 'terminal/wait_for_exit', 'terminal/kill', 'terminal/release'];

export function clientCapabilitiesFor(
  plugged: readonly ClientFeature[],
  renders: ChatRenders = NOTHING_RENDERED,
  features: ClientFeatures = {},
): AdvertisedCapabilities {
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
    ...(renders.plans ? { plan: {} } : {}),
    ...(features.terminalAuth ? { auth: { terminal: true } } : {}),
    ...(renders.terminalOutput ? { _meta: { [TERMINAL_OUTPUT_OPT_IN]: true } } : {}),
    ...(renders.subagents ? { subagents: {} } : {}),
  };
}
