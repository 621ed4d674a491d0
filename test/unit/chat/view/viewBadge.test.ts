import assert from 'node:assert/strict';
import type { SessionKey } from '../../../../src/shared/sessionKey';
import type { OpenSessionActivity } from '../../../../src/shared/protocol/sessionsProtocol';
import { waitingBadge } from '../../../../src/chat/view/viewBadge';

const row = (key: string, activity: OpenSessionActivity) => ({ key: key as SessionKey, agentId: 'a', agentName: 'A', title: 't', cwd: '/w', activity });

describe('the chat view badge', () => {
  it('counts the sessions waiting for the user, and is gone when none does', () => {
    assert.equal(waitingBadge([row('1', 'working'), row('2', 'idle')]), undefined);
    assert.deepEqual(waitingBadge([row('1', 'needsYou'), row('2', 'working')]), { value: 1, tooltip: 'A session waits for you' });
    assert.deepEqual(waitingBadge([row('1', 'needsYou'), row('2', 'needsYou')]), { value: 2, tooltip: '2 sessions wait for you' });
  });
});
