import * as assert from 'node:assert/strict';
import { Emitter } from 'vscode-jsonrpc/node';
import type { PromptResponse } from '../../../src/shared/acp';
import { Session, type SessionTransport } from '../../../src/session/session';
import type { SessionKey } from '../../../src/shared/sessionKey';
import type { OnScreen } from '../../../src/threads/onScreen';
import { type TurnsOf, UnreadTurns } from '../../../src/threads/unreadTurns';

/** A transport whose prompts the test answers. */
class AnsweredTransport implements SessionTransport {
  private answers: ((response: PromptResponse) => void)[] = [];
  prompt(): Promise<PromptResponse> {
    return new Promise((resolve) => this.answers.push(resolve));
  }
  cancel(): Promise<void> {
    return Promise.resolve();
  }
  get asked(): boolean {
    return this.answers.length > 0;
  }
  answer(): void {
    this.answers.shift()?.({ stopReason: 'end_turn' });
  }
}

function openSession(key: string): { open: TurnsOf; session: Session; transport: AnsweredTransport } {
  const transport = new AnsweredTransport();
  const session = new Session({ sessionKey: key as SessionKey, sessionId: key, cwd: '/work', roots: ['/work'] }, () => transport);
  return { open: { key: key as SessionKey, session }, session, transport };
}

/** One turn of the session, to its end. */
async function turn(session: Session, transport: AnsweredTransport): Promise<void> {
  const done = session.prompt([{ type: 'text', text: 'go' }]);
  while (!transport.asked) await new Promise((resolve) => setImmediate(resolve));
  transport.answer();
  await done;
}

function setUp() {
  const opened = new Emitter<TurnsOf>();
  const closed = new Emitter<TurnsOf>();
  const a = openSession('a');
  const b = openSession('b');
  const sessions = { openSessions: [a.open, b.open], onDidOpenSession: opened.event, onDidCloseSession: closed.event };
  const visibility = new Emitter<boolean>();
  const shownChanged = new Emitter<unknown>();
  const chat = { isVisible: true, onDidChangeVisibility: visibility.event };
  const shown = { currentKey: 'a' as SessionKey | undefined, onDidChangeSession: shownChanged.event };
  // One chat view: on screen while visible, showing one session.
  const screenChanged = new Emitter<void>();
  visibility.event(() => screenChanged.fire());
  shownChanged.event(() => screenChanged.fire());
  const onScreen: OnScreen = { isOnScreen: (key) => chat.isVisible && shown.currentKey === key, onDidChange: screenChanged.event };
  const unread = new UnreadTurns(sessions, onScreen);
  let changes = 0;
  unread.onDidChange(() => changes++);
  return {
    a,
    b,
    unread,
    changes: () => changes,
    show(key: string) {
      shown.currentKey = key as SessionKey;
      shownChanged.fire(undefined);
    },
    setVisible(visible: boolean) {
      chat.isVisible = visible;
      visibility.fire(visible);
    },
    close(open: TurnsOf) {
      closed.fire(open);
    },
  };
}

describe('threads: done and unread', () => {
  it('a turn that ends while its session is not shown leaves it unread until the chat shows it', async () => {
    const t = setUp();
    await turn(t.b.session, t.b.transport);
    assert.equal(t.unread.has(t.b.open.key), true);
    assert.equal(t.changes(), 1);
    t.show('b');
    assert.equal(t.unread.has(t.b.open.key), false, 'read once shown');
    assert.equal(t.changes(), 2);
  });

  it('a turn that ends on screen is read; one that ends while the chat is hidden is read when the chat comes back', async () => {
    const t = setUp();
    await turn(t.a.session, t.a.transport);
    assert.equal(t.unread.has(t.a.open.key), false, 'the shown session in a visible chat');
    t.setVisible(false);
    await turn(t.a.session, t.a.transport);
    assert.equal(t.unread.has(t.a.open.key), true, 'the shown session while the chat is hidden');
    t.setVisible(true);
    assert.equal(t.unread.has(t.a.open.key), false);
  });

  it('a closed session is forgotten (its turns no longer watched)', async () => {
    const t = setUp();
    await turn(t.b.session, t.b.transport);
    t.close(t.b.open);
    assert.equal(t.unread.has(t.b.open.key), false);
    const before = t.changes();
    await turn(t.b.session, t.b.transport);
    assert.equal(t.unread.has(t.b.open.key), false);
    assert.equal(t.changes(), before);
    t.unread.dispose();
  });
});
