import assert from 'node:assert/strict';
import { composerPlaceholder, onboardingFor } from '../../../../webview-ui/src/logic/onboarding';
import { plainWords, spokenText } from '../../../../webview-ui/src/logic/spokenText';
import { elapsedLabel } from '../../../../src/shared/elapsedLabel';
import { statusLook, statusTicks } from '../../../../webview-ui/src/logic/turnStatus';

describe('the turn in the header', () => {
  it('says elapsed time in seconds, then minutes, then hours', () => {
    assert.deepEqual([0, 999, 1000, 42_400, 60_000, 65_000, 3_599_000, 3_600_000, 3_725_000, -5, Number.NaN].map(elapsedLabel), [
      '0 s', '0 s', '1 s', '42 s', '1 min 00 s', '1 min 05 s', '59 min 59 s', '1 h 00 min', '1 h 02 min', '0 s', '0 s',
    ]);
  });

  it('draws the host\'s words: working with the elapsed time, and the turn\'s phase for whoever waits on it', () => {
    const now = 100_000;
    const working = statusLook({ state: 'working', label: 'Working', since: now - 12_300 }, now);
    assert.deepEqual(working, { label: 'Working · 12 s', icon: 'pulse', spin: false, phase: 'working' });
    assert.equal(statusLook({ state: 'working', label: 'Working' }, now).label, 'Working…');
    assert.deepEqual(statusLook({ state: 'waiting', label: 'Waiting for you' }, now).phase, 'waiting');
    assert.deepEqual(statusLook({ state: 'stopping', label: 'Stopping…' }, now), { label: 'Stopping…', icon: 'loading', spin: true, phase: 'stopping' });
    assert.equal(statusLook({ state: 'notStopping', label: 'Not stopping' }, now).phase, 'notStopping');
    assert.equal(statusLook({ state: 'lastFailed', label: 'Last message failed' }, now).phase, 'failed');
    assert.deepEqual(statusLook({ state: 'noSession', label: 'No session' }, now), { label: 'No session', icon: 'circle-outline', spin: false });
    assert.equal(statusLook({ state: 'ready', label: 'Ready' }, now).phase, undefined, 'no turn to tell of');
    assert.equal(statusTicks({ state: 'working', label: 'Working', since: 1 }), true);
    assert.equal(statusTicks({ state: 'working', label: 'Working' }), false);
    assert.equal(statusTicks({ state: 'stopping', label: 'Stopping…' }), false);
  });
});

describe('onboarding', () => {
  it('explains the demo agent in one sentence, offers a real agent and two or three prompts', () => {
    const demo = onboardingFor({ id: 'demo', name: 'Demo agent (scripted)' });
    assert.match(demo.intro, /Demo agent/);
    assert.equal(demo.intro.split(/\. /).length, 1, 'one sentence');
    assert.equal(demo.offerRealAgent, true);
    assert.ok(demo.suggestions.length >= 2 && demo.suggestions.length <= 3);
    const real = onboardingFor({ id: 'claude', name: 'Claude Code' });
    assert.equal(real.offerRealAgent, false);
    assert.match(real.intro, /Claude Code/);
    assert.equal(onboardingFor(null).offerRealAgent, true);
  });

  it('the placeholder promises only what the agent offers', () => {
    assert.equal(composerPlaceholder('Codex', false, false), 'Message Codex (@ for files)');
    assert.equal(composerPlaceholder('Codex', true, true), 'Message Codex (@ for files, / for commands, paste images)');
    assert.equal(composerPlaceholder(undefined, false, false), 'Message the agent (@ for files)');
  });
});

describe('Markdown as words', () => {
  it('reads Markdown without its markup, blocks apart, code blocks named', () => {
    assert.equal(spokenText('# Title\n\nSome *emphasis* and `code`.\n\n1. a\n2. b\n\n| h |\n|---|\n| c |\n\n```\nx\n```'), 'Title Some emphasis and code. a b h c (code block)');
  });
  it('keeps the text of code in short messages (sign-in, errors)', () => {
    assert.equal(plainWords('Run `claude /login`, then **Restart**.'), 'Run claude /login, then Restart.');
  });
});
