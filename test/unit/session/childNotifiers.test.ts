// A subagent's permission request or question while the chat panel is hidden: a notification names the subagent and
// answers the child's request, like one of the parent's (no silent wait behind a hidden panel). Real sessions.
import * as assert from 'node:assert/strict';
import { CancellationTokenSource, Emitter } from 'vscode-jsonrpc/node';
import type { PromptRequest, PromptResponse } from '../../../src/shared/acp';
import { ElicitationNotifier } from '../../../src/session/elicitationNotifier';
import { PermissionNotifier } from '../../../src/session/permissionNotifier';
import { Session, SessionTransport } from '../../../src/session/session';
import type { SessionKey } from '../../../src/shared/sessionKey';

class Transport implements SessionTransport {
  prompt(_params: PromptRequest): Promise<PromptResponse> {
    return new Promise(() => undefined);
  }
  cancel(): Promise<void> {
    return Promise.resolve();
  }
}

class HiddenPanel {
  shown: { message: string; buttons: string[]; press(button: string | undefined): void }[] = [];
  isOnScreen = () => false;
  showPanel = () => undefined;
  show = (message: string, buttons: string[]): Promise<string | undefined> =>
    new Promise((resolve) => this.shown.push({ message, buttons, press: resolve }));
}

const scope = { sessionKey: 'k1' as SessionKey, sessionId: 'parent', cwd: '/work', roots: ['/work'] };

function setUp() {
  const session = new Session(scope, () => new Transport());
  session.sessionUpdate({ sessionId: 'parent', update: { sessionUpdate: 'subagent_update', sessionId: 'kid', title: 'Explore the code', state: { state: 'running' } } });
  const ui = new HiddenPanel();
  const never = new Emitter<{ session: Session }>();
  const sessions = { openSessions: [{ session }], onDidOpenSession: never.event, onDidCloseSession: never.event };
  return { session, ui, permissions: new PermissionNotifier(sessions, ui), questions: new ElicitationNotifier(sessions, ui) };
}

describe("notifications of a subagent's requests while the panel is hidden", () => {
  it("a child's permission request is notified in its name, once, and a button answers the child's request", async () => {
    const { session, ui, permissions, questions } = setUp();
    const answer = session.requestPermission(
      { sessionId: 'kid', toolCall: { toolCallId: 'w1', title: 'Write notes.md' }, options: [{ optionId: 'yes', name: 'Allow once', kind: 'allow_once' }] },
      new CancellationTokenSource().token,
    );
    await new Promise((resolve) => setImmediate(resolve));
    session.sessionUpdate({ sessionId: 'kid', update: { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'waiting' } } });
    assert.equal(ui.shown.length, 1, 'one notification, not one per change of the child');
    assert.equal(ui.shown[0].message, 'The subagent “Explore the code” asks for permission: Write notes.md');
    ui.shown[0].press('Allow once');
    assert.deepEqual(await answer, { outcome: { outcome: 'selected', optionId: 'yes' } });
    permissions.dispose();
    questions.dispose();
  });

  it("a child's question is notified in its name, and Decline answers the child's request", async () => {
    const { session, ui, permissions, questions } = setUp();
    const answer = session.handleRequest(
      'elicitation/create',
      { sessionId: 'kid', mode: 'form', message: 'Which port?', requestedSchema: { type: 'object', properties: { port: { type: 'integer' } } } },
      new CancellationTokenSource().token,
    );
    assert.equal(ui.shown.length, 1);
    assert.equal(ui.shown[0].message, 'The subagent “Explore the code” asks: Which port?');
    ui.shown[0].press('Decline');
    assert.deepEqual(await answer, { action: 'decline' });
    permissions.dispose();
    questions.dispose();
  });
});
