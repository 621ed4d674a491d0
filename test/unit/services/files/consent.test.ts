import * as assert from 'node:assert/strict';
import { ConsentAnswer, ConsentPrompt, ConsentRequest, outsideRootsPolicyOf, SessionConsents } from '../../../../src/services/files/consent';
import { saveAfterWriteOf, shouldSave } from '../../../../src/services/files/savePolicy';

/** A prompt whose answers the test gives, one question at a time. */
class ScriptedPrompt implements ConsentPrompt {
  readonly asked: ConsentRequest[] = [];
  private answerNext: ((answer: ConsentAnswer) => void) | undefined;
  private readonly waiting: (() => void)[] = [];

  ask(request: ConsentRequest): Promise<ConsentAnswer> {
    this.asked.push(request);
    this.waiting.splice(0).forEach((wake) => wake());
    return new Promise((resolve) => {
      this.answerNext = resolve;
    });
  }

  async answer(answer: ConsentAnswer): Promise<void> {
    if (!this.answerNext) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const answerNow = this.answerNext;
    this.answerNext = undefined;
    answerNow?.(answer);
  }
}

const request = (sessionId: string, kind: 'read' | 'write', path = '/outside/file'): ConsentRequest => ({
  sessionKey: sessionId,
  kind,
  path,
  realPath: path,
  folder: path.slice(0, path.lastIndexOf('/')) || '/',
});

describe('files: consent for paths outside the roots', () => {
  it('follows allow and deny without asking', async () => {
    const prompt = new ScriptedPrompt();
    const consents = new SessionConsents(() => prompt);
    assert.equal(await consents.decide('allow', request('s', 'read')), true);
    assert.equal(await consents.decide('deny', request('s', 'read')), false);
    assert.equal(prompt.asked.length, 0);
  });

  it('asks once per kind and folder, and remembers the answer until the session ends', async () => {
    const prompt = new ScriptedPrompt();
    const consents = new SessionConsents(() => prompt);
    const first = consents.decide('ask', request('s1', 'read'));
    await prompt.answer('allow');
    assert.equal(await first, true);
    assert.equal(await consents.decide('ask', request('s1', 'read', '/outside/other')), true);
    assert.equal(await consents.decide('ask', request('s1', 'read', '/outside/deep/below/file')), true);
    assert.equal(prompt.asked.length, 1, 'reads in the folder and below it were not asked again');

    const write = consents.decide('ask', request('s1', 'write'));
    await prompt.answer('deny');
    assert.equal(await write, false, 'writing is asked separately');
    assert.equal(await consents.decide('ask', request('s1', 'write')), false);
    assert.equal(prompt.asked.length, 2);

    const otherSession = new SessionConsents(() => prompt).decide('ask', request('s2', 'read'));
    await prompt.answer('deny');
    assert.equal(await otherSession, false, 'another session asks for itself');
    assert.equal(consents.count, 2);

    consents.clear();
    assert.equal(consents.remembered('read', '/outside/file'), undefined);
    assert.equal(consents.count, 0);
    const again = consents.decide('ask', request('s1', 'read'));
    await prompt.answer('deny');
    assert.equal(await again, false);
    assert.equal(prompt.asked.length, 4, 'a forgotten session is asked again');
  });

  it('does not remember an answer that comes after the session ended', async () => {
    const prompt = new ScriptedPrompt();
    const consents = new SessionConsents(() => prompt);
    const asked = consents.decide('ask', request('s', 'write'));
    consents.clear();
    await prompt.answer('allow');
    assert.equal(await asked, true, 'the request that asked gets its answer');
    assert.equal(consents.count, 0, 'nothing is held by an ended session');
  });

  it('shares one question between concurrent requests about one folder', async () => {
    const prompt = new ScriptedPrompt();
    const consents = new SessionConsents(() => prompt);
    const both = Promise.all([consents.decide('ask', request('s', 'read', '/a')), consents.decide('ask', request('s', 'read', '/b'))]);
    await prompt.answer('allow');
    assert.deepEqual(await both, [true, true]);
    assert.equal(prompt.asked.length, 1);
  });

  it('grants only the folder asked about: a sibling folder, the parent and a folder sharing a prefix are asked', async () => {
    const prompt = new ScriptedPrompt();
    const consents = new SessionConsents(() => prompt);
    const first = consents.decide('ask', request('s', 'read', '/home/me/notes/a.txt'));
    await prompt.answer('allow');
    assert.equal(await first, true);
    for (const other of ['/home/me/notes-old/d.txt', '/home/me/other/b.txt', '/home/me/c.txt']) {
      const asked = consents.decide('ask', request('s', 'read', other));
      await prompt.answer('deny');
      assert.equal(await asked, false, other);
    }
    assert.equal(prompt.asked.length, 4);
    assert.equal(consents.remembered('read', '/home/me/notes/x/y.txt'), 'allow');
    assert.equal(consents.remembered('read', '/home/me/zz.txt'), 'deny', 'the deny for /home/me covers it');
    assert.equal(consents.remembered('read', '/home/me/notes/e.txt'), 'allow', 'the nearest grant wins');
    assert.equal(consents.remembered('write', '/home/me/notes/a.txt'), undefined, 'a read grant is not a write grant');
  });

  it('asks about a secret place every time, whatever was granted, and refuses it when the setting says deny', async () => {
    const prompt = new ScriptedPrompt();
    const consents = new SessionConsents(() => prompt);
    const grant = consents.decide('ask', request('s', 'read', '/home/me/a.txt'));
    await prompt.answer('allow');
    assert.equal(await grant, true, '/home/me granted');
    const key = { ...request('s', 'read', '/home/me/.ssh/id_rsa'), secret: { place: '~/.ssh', what: 'SSH keys' } };
    for (const policy of ['ask', 'allow'] as const) {
      const once = consents.decide(policy, key);
      await prompt.answer('allow');
      assert.equal(await once, true);
    }
    const again = consents.decide('ask', key);
    await prompt.answer('deny');
    assert.equal(await again, false);
    assert.equal(prompt.asked.length, 4, 'asked each time: the grant of /home/me and the answers before do not count');
    assert.equal(await consents.decide('deny', key), false);
    assert.equal(prompt.asked.length, 4);
    assert.equal(consents.count, 1, 'answers about secret places are not kept');
  });

  it('a dismissed question refuses that request and is asked again next time', async () => {
    const prompt = new ScriptedPrompt();
    const consents = new SessionConsents(() => prompt);
    const dismissed = consents.decide('ask', request('s', 'read'));
    await prompt.answer(undefined);
    assert.equal(await dismissed, false);
    const next = consents.decide('ask', request('s', 'read'));
    await prompt.answer('allow');
    assert.equal(await next, true);
    assert.equal(prompt.asked.length, 2);
  });

  it('a failing prompt refuses', async () => {
    const consents = new SessionConsents(() => ({ ask: () => Promise.reject(new Error('no UI')) }));
    assert.equal(await consents.decide('ask', request('s', 'read')), false);
  });

  it('reads the settings leniently', () => {
    assert.equal(outsideRootsPolicyOf('deny'), 'deny');
    assert.equal(outsideRootsPolicyOf('allow'), 'allow');
    assert.equal(outsideRootsPolicyOf('yes'), 'ask');
    assert.equal(outsideRootsPolicyOf(undefined), 'ask');
    assert.equal(saveAfterWriteOf('never'), 'never');
    assert.equal(saveAfterWriteOf(3), 'ifClean');
  });

  it('saves after a write per policy: ifClean only when the user had no unsaved changes', () => {
    assert.equal(shouldSave('ifClean', false), true);
    assert.equal(shouldSave('ifClean', true), false);
    assert.equal(shouldSave('always', true), true);
    assert.equal(shouldSave('never', false), false);
  });
});
