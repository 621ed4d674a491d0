// This extension's host pipeline without `vscode`, as the extension wires it: the session parts (AgentPool,
// SessionRegistry, the side-bar chat's surface and the starter) → AgentRuntime
// (AgentProcess, NdjsonMessageReader/Writer, traffic tap switched off, AcpClientConnection on vscode-jsonrpc) →
// Session (applySessionUpdate on its SessionState) → PatchCoalescer posting to a no-op through the masked copies of
// the entries (MaskedView, with two configured secrets that the flood never shows), as ChatView does.
// Loads the tsc output in out/ (CommonJS).
import { createRequire } from 'node:module';
import { compiled } from '../../lib/paths.mjs';

const require = createRequire(import.meta.url);
const { createSessionParts, disposeSessionParts } = require(compiled('chat/sessionParts'));
const { AgentRuntime } = require(compiled('acp/agentRuntime'));
const { PatchCoalescer } = require(compiled('chat/view/patchCoalescer'));
const { MaskedView } = require(compiled('chat/view/maskedView'));
const { secretRules } = require(compiled('shared/text/secretText'));
const { NO_CLIENT_FEATURES } = require(compiled('acp/clientRequests'));
const { clientCapabilitiesFor } = require(compiled('acp/clientCapabilities'));
const { placesIn } = require(compiled('session/sessionPlace'));

const quiet = { error() {}, warn() {}, info() {}, log() {}, stderr() {} };

export async function open({ command, args }) {
  const secrets = secretRules(['bench-secret-value-1', 'bench-secret-value-2']);
  const parts = createSessionParts({
    createRuntime: (agent) =>
      new AgentRuntime({
        launch: { command: agent.command, args: agent.args, env: agent.env, cwd: process.cwd() },
        clientInfo: { name: 'bench', version: '0' },
        clientCapabilities: clientCapabilitiesFor(NO_CLIENT_FEATURES),
        log: quiet,
        traffic: { enabled: false, record() {} },
      }),
    placeFor: placesIn(() => [process.cwd()], () => process.cwd()),
    features: NO_CLIENT_FEATURES,
    log: () => undefined,
    secretRules: () => secrets,
  });
  const { pool, surfaces, starter } = parts;
  const shown = surfaces.sideBar;
  let posts = 0;
  // The view takes each post and says so on its next turn (the chat view acknowledges once per frame: flow control,
  // see patchCoalescer.ts); a view that never answered would hold the host to a post per 250 ms.
  const coalescer = new PatchCoalescer(
    (message) => {
      posts++;
      if (message.seq !== undefined) setImmediate(() => coalescer.applied(message.seq));
    },
    undefined,
    undefined,
    new MaskedView(() => secrets),
  );
  let subscription;
  shown.onDidChangeSession((session) => {
    subscription?.dispose();
    coalescer.track(session ? { key: session.key, state: session.state } : undefined);
    subscription = session?.onDidChange((change) => coalescer.add(change));
  });
  await pool.useAgent({ id: 'flood', name: 'flood', command, args, env: {}, builtIn: false });

  let session;
  let updates = 0;
  return {
    async prepare() {
      session = (await starter.newSession(shown)).session;
      // Counts what reaches the session (the runtime looks the method up on each update).
      const apply = session.sessionUpdate.bind(session);
      session.sessionUpdate = (params) => {
        updates++;
        apply(params);
      };
    },
    async burst() {
      const before = updates;
      await session.prompt([{ type: 'text', text: 'flood' }]);
      coalescer.flush();
      return updates - before;
    },
    describe: () => ({ posts, entries: session?.state.entries.length ?? 0 }),
    async close() {
      subscription?.dispose();
      await disposeSessionParts(parts);
    },
  };
}
