// The chat's router: one owner per message type, a type nobody owns refused and logged, and a handler's answer going
// to the view that sent the message, not to every view (two chat views over one router, each with its own host).
import * as assert from 'node:assert/strict';
import { ChatRouter } from '../../../src/chat/chatRouter';
import { createSessionParts, disposeSessionParts, SessionParts } from '../../../src/chat/sessionParts';
import { ChatView } from '../../../src/chat/view/chatView';
import { NO_CLIENT_FEATURES } from '../../../src/acp/clientRequests';
import type { ChatSender } from '../../../src/session/chatHandlers';
import type { SurfaceSessions } from '../../../src/session/surfaceSessions';
import { ChatSurface } from '../../../src/chat/chatSurface';
import { secretRules } from '../../../src/shared/text/secretText';
import { SessionKeys } from '../../../src/shared/sessionKey';
import type { HostToWebview } from '../../../src/shared/protocol/webviewProtocol';
import { FakeHost } from '../helpers/fakeChatHost';
import { placesIn } from '../../../src/session/sessionPlace';

describe('chat router', () => {
  let parts: SessionParts;
  const views: ChatView[] = [];
  const made: ChatSurface[] = [];

  beforeEach(() => {
    parts = createSessionParts({
      createRuntime: () => {
        throw new Error('no agent runs in this test');
      },
      placeFor: placesIn(() => [process.cwd()], () => process.cwd()),
      features: NO_CLIENT_FEATURES,
      log: () => undefined,
    });
  });

  afterEach(async () => {
    views.splice(0).forEach((view) => view.dispose());
    made.splice(0).forEach((surface) => surface.dispose());
    await disposeSessionParts(parts);
  });

  /** A chat tab's surface. */
  function newSurface(): ChatSurface {
    const surface = new ChatSurface(parts.pool, parts.registry, { name: `tab ${made.length + 1}`, followsSelectedAgent: false });
    made.push(surface);
    return surface;
  }

  /** A sender as a palette command is one (no view): its answers are listed. */
  const sender = (posted: HostToWebview[] = []): ChatSender => ({ surface: newSurface(), post: (message) => posted.push(message) });

  it('gives each message type one owner; a second one is refused until the first lets go', async () => {
    const router = new ChatRouter(() => undefined);
    const heard: string[] = [];
    const first = router.handle(['cancel', 'copyText'], (message) => heard.push(`first ${message.type}`));
    assert.throws(() => router.handle(['copyText'], () => undefined), /"copyText" messages already have a handler/);
    await router.dispatch({ type: 'copyText', text: 'x' }, sender());
    first.dispose();
    router.handle(['copyText'], (message) => heard.push(`second ${message.type}`));
    await router.dispatch({ type: 'copyText', text: 'x' }, sender());
    assert.deepEqual(heard, ['first copyText', 'second copyText']);
    await assert.rejects(router.dispatch({ type: 'cancel', sessionKey: new SessionKeys().next() }, sender()), /nothing handles the chat's "cancel" message/);
  });

  it('refuses a message nobody handles, and logs it', async () => {
    const logged: string[] = [];
    const router = new ChatRouter((line) => logged.push(line));
    const heard: string[] = [];
    router.handle(['newSession'], () => heard.push('newSession'));
    await assert.rejects(router.dispatch({ type: 'pickAgent' }, sender()), /The extension could not do that: nothing handles the chat's "pickAgent" message\./);
    assert.deepEqual(logged, [`refused the chat's "pickAgent" message: nothing handles it`]);
    assert.deepEqual(heard, [], 'no other handler hears it');
  });

  it("hands a handler's failure back to the caller (the view shows it to the user)", async () => {
    const router = new ChatRouter(() => undefined);
    router.handle(['manageTrust'], async () => {
      throw new Error('The trust editor is not available.');
    });
    await assert.rejects(router.dispatch({ type: 'manageTrust' }, sender()), /The trust editor is not available\./);
  });

  describe('with two chat views', () => {
    function open(router: ChatRouter, surface: SurfaceSessions): FakeHost {
      const host = new FakeHost();
      const view = new ChatView(host, surface, {
        sessions: parts.registry,
        viewState: () => [],
        secretRules: () => secretRules([]),
        multiRootWindow: () => false,
        router,
        log: () => undefined,
      });
      views.push(view);
      host.send({ type: 'ready' });
      return host;
    }

    it('a reply reaches only the view that asked, and the handler sees that view\'s surface', async () => {
      const router = new ChatRouter(() => undefined);
      router.handle(['ready'], () => undefined);
      const surfaces: SurfaceSessions[] = [];
      router.handle(['searchFiles'], (message, from) => {
        surfaces.push(from.surface);
        from.post({ type: 'fileResults', requestId: message.requestId, files: [] });
      });
      const surfaceA = newSurface();
      const surfaceB = newSurface();
      const a = open(router, surfaceA);
      const b = open(router, surfaceB);
      const fromA = a.posted.length;
      const fromB = b.posted.length;

      a.send({ type: 'searchFiles', requestId: 1, query: 'one' });
      const answerA = await a.waitFor('fileResults', fromA);
      assert.equal(answerA.requestId, 1);
      b.send({ type: 'searchFiles', requestId: 2, query: 'two' });
      const answerB = await b.waitFor('fileResults', fromB);
      assert.equal(answerB.requestId, 2);

      assert.deepEqual(a.typesSince(fromA), ['fileResults'], 'A got its own answer only');
      assert.deepEqual(b.typesSince(fromB), ['fileResults'], 'B got its own answer only');
      assert.equal(surfaces[0], surfaceA);
      assert.equal(surfaces[1], surfaceB);
    });
  });
});
