import * as assert from 'node:assert/strict';
import { Emitter } from 'vscode-jsonrpc/node';
import type { SessionChange, SessionState } from '../../../src/shared/transcript/model';
import { createSessionState, setPermissionRequest, clearPermissionRequest, applySessionUpdate } from '../../../src/shared/transcript/reducer';
import {
  NotifierSession,
  NotifierSessions,
  PermissionNotifier,
  SHOW_BUTTON,
  noticeButtons,
  noticeMessage,
} from '../../../src/session/permissionNotifier';

const options = [
  { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
  { optionId: 'never', name: 'Never', kind: 'reject_always' },
];

class FakeSession implements NotifierSession {
  readonly state: SessionState = createSessionState('s1');
  private readonly emitter = new Emitter<SessionChange>();
  readonly onDidChange = this.emitter.event;
  chosen: [string, string][] = [];

  ask(key: string, toolCallId = 'call1'): void {
    this.emitter.fire(applySessionUpdate(this.state, { sessionUpdate: 'tool_call', toolCallId, title: 'Delete build/' }, 0));
    this.emitter.fire(setPermissionRequest(this.state, { toolCallId }, options, key));
  }

  choosePermission(key: string, optionId: string): boolean {
    const entry = this.state.entries.find((e) => e.kind === 'tool_call' && e.permission?.requestKey === key);
    if (!entry) return false;
    this.chosen.push([key, optionId]);
    this.emitter.fire(clearPermissionRequest(this.state, key));
    return true;
  }
}

class FakeUi {
  visible = false;
  shown: { message: string; buttons: string[]; press(button: string | undefined): Promise<void> }[] = [];
  panelShown = 0;
  panelShownFor: unknown[] = [];
  /** The session the visible chat shows. */
  onScreen: unknown;
  isOnScreen = (session: unknown) => this.visible && session === this.onScreen;
  showPanel = (session: unknown) => {
    this.panelShown++;
    this.panelShownFor.push(session);
  };
  show = (message: string, buttons: string[]): Promise<string | undefined> =>
    new Promise((resolve) => {
      this.shown.push({
        message,
        buttons,
        press: async (button) => {
          resolve(button);
          await new Promise((r) => setImmediate(r));
        },
      });
    });
}

describe('permission notifications', () => {
  let session: FakeSession;
  let ui: FakeUi;
  let notifier: PermissionNotifier;
  const opened = new Emitter<{ session: NotifierSession }>();
  const closed = new Emitter<{ session: NotifierSession }>();

  beforeEach(() => {
    session = new FakeSession();
    ui = new FakeUi();
    ui.onScreen = session;
    const sessions: NotifierSessions = { openSessions: [{ session }], onDidOpenSession: opened.event, onDidCloseSession: closed.event };
    notifier = new PermissionNotifier(sessions, ui);
  });

  afterEach(() => notifier.dispose());

  it('offers at most three options plus "Show", numbering names that repeat', () => {
    assert.deepEqual(noticeButtons(options).buttons, ['Allow once', 'Allow always (“Always allow”)', 'Reject', SHOW_BUTTON]);
    const twins = [
      { optionId: 'a', name: 'OK', kind: '_custom' },
      { optionId: 'b', name: 'OK', kind: '_custom' },
    ];
    const { buttons, optionIds } = noticeButtons(twins);
    assert.deepEqual(buttons, ['OK', '2. OK', SHOW_BUTTON]);
    assert.equal(optionIds.get('2. OK'), 'b');
  });

  it('labels buttons by kind with the agent wording beside, and marks hidden characters in them and the title', () => {
    const disguised = [
      { optionId: 'yes', name: 'Reject', kind: 'allow_always' },
      { optionId: 'no', name: 'Cancel\u202E', kind: 'reject_once' },
    ];
    const { buttons, optionIds } = noticeButtons(disguised);
    assert.deepEqual(buttons, ['Allow always (“Reject”)', 'Reject (“Cancel⟨U+202E⟩”)', SHOW_BUTTON]);
    assert.equal(optionIds.get('Allow always (“Reject”)'), 'yes');
    assert.equal(
      noticeMessage('Read report\u202Etxt.exe', disguised),
      'The agent asks for permission: Read report⟨U+202E⟩txt.exe. This request contains hidden or direction-changing characters, shown as ⟨U+202E⟩.',
    );
    assert.equal(noticeMessage('  ', options), 'The agent asks for permission: a tool call');
  });

  it('names every command of a request whose raw input names several that disagree', () => {
    assert.equal(
      noticeMessage('Run git status', options, undefined, ['git status', 'rm -rf x']),
      'The agent asks for permission: Run git status. It names 2 different commands: `git status`, `rm -rf x`',
    );
  });

  it('notifies while the panel is hidden; a button answers the request', async () => {
    session.ask('p1');
    assert.equal(ui.shown.length, 1);
    assert.match(ui.shown[0].message, /Delete build\//);
    await ui.shown[0].press('Reject');
    assert.deepEqual(session.chosen, [['p1', 'reject']]);
  });

  it('does not notify while the panel is visible', () => {
    ui.visible = true;
    session.ask('p1');
    assert.equal(ui.shown.length, 0);
  });

  it('a button pressed after the panel answered changes nothing', async () => {
    session.ask('p1');
    assert.ok(session.choosePermission('p1', 'allow'), 'answered in the panel');
    await ui.shown[0].press('Reject');
    assert.deepEqual(session.chosen, [['p1', 'allow']], 'settled once, by the panel');
    assert.equal(notifier.answer('p1', 'Reject'), false);
  });

  it('"Show" brings the panel up and leaves the request open; dismissing does nothing', async () => {
    session.ask('p1');
    await ui.shown[0].press(SHOW_BUTTON);
    assert.equal(ui.panelShown, 1);
    assert.deepEqual(session.chosen, []);
    session.ask('p2', 'call2');
    await ui.shown[1].press(undefined);
    assert.deepEqual(session.chosen, []);
  });

  it('notifies once per request, and a closed session\'s requests are forgotten', async () => {
    session.ask('p1');
    session.ask('p1');
    assert.equal(ui.shown.length, 1);
    const fired: string[] = [];
    notifier.onDidNotify((notice) => fired.push(notice.requestKey));
    closed.fire({ session });
    assert.equal(notifier.answer('p1', 'Reject'), false);
    await ui.shown[0].press('Reject');
    assert.deepEqual(session.chosen, []);
    assert.deepEqual(fired, []);
  });

  it('tells about a request of a session behind the shown one even while the panel is visible, and "Show" names it', async () => {
    ui.visible = true;
    const background = new FakeSession();
    opened.fire({ session: background });
    session.ask('p1');
    assert.equal(ui.shown.length, 0, 'the shown session asks in the visible panel');
    background.ask('p2');
    assert.equal(ui.shown.length, 1);
    await ui.shown[0].press(SHOW_BUTTON);
    assert.deepEqual(ui.panelShownFor, [background]);
  });
});
