// A chat view over a fake host (what a webview view or panel gives it): a snapshot when its document says it is ready,
// patches only while it is on screen, a snapshot again when it comes back having missed changes, and the paging and
// resend requests answered only for the session its own surface shows. Two views on two surfaces at once, over real
// sessions of the scripted agent (child processes).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AgentRuntime } from '../../../../src/acp/agentRuntime';
import { clientCapabilitiesFor } from '../../../../src/acp/clientCapabilities';
import { NO_CLIENT_FEATURES } from '../../../../src/acp/clientRequests';
import { createSessionParts, disposeSessionParts, SessionParts } from '../../../../src/chat/sessionParts';
import { ChatRouter } from '../../../../src/chat/chatRouter';
import { ChatView, ChatViewDeps } from '../../../../src/chat/view/chatView';
import { ChatSurface } from '../../../../src/chat/chatSurface';
import type { SurfaceSessions } from '../../../../src/session/surfaceSessions';
import type { AgentDefinition } from '../../../../src/config/agentDefinitions';
import type { OpenSession } from '../../../../src/session/sessionRegistry';
import { secretRules } from '../../../../src/shared/text/secretText';
import type { HostToWebview, WebviewToHost } from '../../../../src/shared/protocol/webviewProtocol';
import { FakeHost } from '../../helpers/fakeChatHost';
import { placesIn } from '../../../../src/session/sessionPlace';

const agentEntry = path.resolve(__dirname, '..', '..', '..', '..', 'src', 'demo', 'main.js');
const scenarios = path.resolve(__dirname, '..', '..', '..', '..', '..', 'test', 'fixtures', 'scenarios');

describe('a chat view over its host', function () {
  this.timeout(20_000);
  let dir: string;
  let parts: SessionParts;
  let views: ChatView[];
  let surfaces: ChatSurface[];
  let actions: WebviewToHost[];

  function viewOf(surface: SurfaceSessions, host = new FakeHost()): { view: ChatView; host: FakeHost } {
    const router = new ChatRouter(() => undefined);
    router.handle(['ready'], (message) => {
      actions.push(message);
    });
    const deps: ChatViewDeps = {
      sessions: parts.registry,
      viewState: () => [{ type: 'queue', queue: { items: [], paused: false } }],
      secretRules: () => secretRules([]),
      multiRootWindow: () => false,
      router,
      log: () => undefined,
    };
    const view = new ChatView(host, surface, deps);
    views.push(view);
    return { view, host };
  }

  /** A chat tab's surface (bound to the session it shows). */
  function newSurface(): ChatSurface {
    const made = new ChatSurface(parts.pool, parts.registry, { name: `tab ${surfaces.length + 1}`, followsSelectedAgent: false });
    surfaces.push(made);
    return made;
  }

  /** An open session of the scripted agent that answered one prompt (its user message and the answer). */
  async function answered(text: string): Promise<OpenSession> {
    const open = await parts.registry.create(parts.pool.selected!);
    await open.session.prompt([{ type: 'text', text }]);
    return open;
  }

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-chatview-'));
    views = [];
    surfaces = [];
    actions = [];
    parts = createSessionParts({
      createRuntime: (definition) =>
        new AgentRuntime({
          launch: { command: definition.command, args: [agentEntry, '--scenario', path.join(scenarios, 'hello.json'), '--pace', '0'], cwd: dir },
          clientInfo: { name: 'unit-test', version: '0' },
          clientCapabilities: clientCapabilitiesFor(NO_CLIENT_FEATURES),
          log: { error: () => undefined, warn: () => undefined, info: () => undefined, log: () => undefined, stderr: () => undefined },
          traffic: { enabled: false, record: () => undefined },
          name: definition.name,
        }),
      placeFor: placesIn(() => [dir], () => dir),
      features: NO_CLIENT_FEATURES,
      log: () => undefined,
    });
    const definition: AgentDefinition = { id: 'hello', name: 'Hello', command: process.execPath, args: [], env: {}, builtIn: false };
    await parts.pool.useAgent(definition);
  });

  afterEach(async () => {
    views.forEach((view) => view.dispose());
    surfaces.forEach((made) => made.dispose());
    await disposeSessionParts(parts);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('posts nothing before its document is ready, then a snapshot of its own surface, the sessions and the parts', async () => {
    const x = await answered('one');
    const surface = newSurface();
    surface.show(x.key);
    const { host } = viewOf(surface);
    assert.deepEqual(host.posted, [], 'a document that is not ready yet gets nothing');
    host.send({ type: 'ready' });
    assert.deepEqual(host.typesSince(0), ['snapshot', 'sessions', 'queue']);
    const snapshot = host.posted[0] as Extract<HostToWebview, { type: 'snapshot' }>;
    assert.equal(snapshot.session?.sessionKey, x.key);
    assert.equal(snapshot.session?.entries.length, x.session.state.entries.length);
    assert.deepEqual(snapshot.agent, surface.agent);
    assert.deepEqual(actions, [{ type: 'ready' }], 'the host hears that the view is ready (it starts a session for it)');
  });

  it('a view that is ready off screen gets its snapshot when it comes on screen', async () => {
    const x = await answered('one');
    const surface = newSurface();
    surface.show(x.key);
    const host = new FakeHost();
    host.visible = false;
    viewOf(surface, host);
    host.send({ type: 'ready' });
    assert.deepEqual(host.posted, []);
    host.setVisible(true);
    assert.deepEqual(host.typesSince(0), ['snapshot', 'sessions', 'queue']);
  });

  it('gets patches only while on screen, and a snapshot with what it missed when it comes back', async () => {
    const x = await answered('one');
    const surface = newSurface();
    surface.show(x.key);
    const { host } = viewOf(surface);
    host.send({ type: 'ready' });
    const before = host.posted.length;
    const sent = x.session.prompt([{ type: 'text', text: 'two' }]);
    const patch = await host.waitFor('entries', before);
    assert.equal(patch.sessionKey, x.key, 'a view on screen gets the turn as patches');
    await sent;

    host.setVisible(false);
    const hidden = host.posted.length;
    await x.session.prompt([{ type: 'text', text: 'three' }]);
    assert.deepEqual(host.typesSince(hidden), [], 'a hidden view gets nothing of the turn');

    host.setVisible(true);
    assert.equal(host.posted[hidden]?.type, 'snapshot', 'back on screen, it gets a snapshot first');
    const snapshot = host.posted[hidden] as Extract<HostToWebview, { type: 'snapshot' }>;
    assert.equal(snapshot.session?.entries.length, x.session.state.entries.length, 'with the entries it missed');
    const users = snapshot.session!.entries.filter((entry) => entry.kind === 'user');
    assert.equal(users.length, 3);
  });

  it('answers loadOlder and resendEntry only for the session its own surface shows', async () => {
    const x = await answered('one');
    const y = await answered('two');
    const a = newSurface();
    const b = newSurface();
    a.show(x.key);
    b.show(y.key);
    const viewA = viewOf(a).host;
    const viewB = viewOf(b).host;
    viewA.send({ type: 'ready' });
    viewB.send({ type: 'ready' });
    assert.equal((viewA.posted[0] as Extract<HostToWebview, { type: 'snapshot' }>).session?.sessionKey, x.key);
    assert.equal((viewB.posted[0] as Extract<HostToWebview, { type: 'snapshot' }>).session?.sessionKey, y.key);
    const [xFirst, xSecond] = x.session.state.entries;
    const [yFirst, ySecond] = y.session.state.entries;

    const fromA = viewA.posted.length;
    const fromB = viewB.posted.length;
    viewA.send({ type: 'loadOlder', sessionKey: y.key, before: ySecond.id });
    viewA.send({ type: 'resendEntry', sessionKey: y.key, entryId: yFirst.id });
    assert.deepEqual(viewA.typesSince(fromA), [], 'a view is not answered about a session it does not show');
    assert.deepEqual(viewB.typesSince(fromB), [], 'nor is the view that shows it');

    viewA.send({ type: 'loadOlder', sessionKey: x.key, before: xSecond.id });
    const older = await viewA.waitFor('olderEntries', fromA);
    assert.equal(older.sessionKey, x.key);
    assert.deepEqual(
      older.entries.map((entry) => entry.id),
      [xFirst.id],
    );
    viewA.send({ type: 'resendEntry', sessionKey: x.key, entryId: xFirst.id });
    const resent = await viewA.waitFor('entries', fromA);
    assert.equal(resent.sessionKey, x.key);
    assert.deepEqual(
      resent.upserts?.map((entry) => entry.id),
      [xFirst.id],
    );
    assert.deepEqual(viewB.typesSince(fromB), [], 'the other view got none of it');
    assert.deepEqual(actions, [{ type: 'ready' }, { type: 'ready' }], 'paging and resending stay in the view');
  });

  it('follows its surface to another session with a snapshot, and ends with its host', async () => {
    const x = await answered('one');
    const y = await answered('two');
    const surface = newSurface();
    surface.show(x.key);
    const { view, host } = viewOf(surface);
    host.send({ type: 'ready' });
    const from = host.posted.length;
    surface.show(y.key);
    const snapshot = await host.waitFor('snapshot', from);
    assert.equal(snapshot.session?.sessionKey, y.key);

    host.close();
    assert.equal(view.isVisible, false, 'a view whose host is gone is not on screen');
    const closed = host.posted.length;
    view.post({ type: 'focusComposer' });
    surface.show(x.key);
    assert.deepEqual(host.typesSince(closed), [], 'nothing is posted to a host that is gone');
  });

  it('shows the host an error when what the user did failed', async () => {
    const surface = newSurface();
    const host = new FakeHost();
    const router = new ChatRouter(() => undefined);
    router.handle(['newSession'], () => Promise.reject(new Error('That session is not open any more.')));
    const view = new ChatView(host, surface, {
      sessions: parts.registry,
      viewState: () => [],
      secretRules: () => secretRules([]),
      multiRootWindow: () => false,
      router,
      log: () => undefined,
    });
    views.push(view);
    const shown = new Promise<void>((resolve) => {
      const showError = host.showError.bind(host);
      host.showError = (message) => {
        showError(message);
        resolve();
      };
    });
    host.send({ type: 'newSession' });
    await shown;
    assert.deepEqual(host.errors, ['That session is not open any more.']);
  });
});
