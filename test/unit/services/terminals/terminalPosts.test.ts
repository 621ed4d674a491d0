import * as assert from 'node:assert/strict';
import { TerminalBook } from '../../../../src/services/terminals/terminalBook';
import { MAX_POST_BYTES, TerminalOutputPoster, terminalIdsOf } from '../../../../src/services/terminals/terminalPosts';
import type { TranscriptEntry } from '../../../../src/shared/transcript/model';
import type { HostToWebview, TerminalOutputMessage } from '../../../../src/shared/protocol/webviewProtocol';
import { FRAME_MS } from '../../../../src/chat/view/patchCoalescer';
import { ScriptedCommand } from './fakeCommand';
import { ManualScheduler } from '../../helpers/manualScheduler';
import { NO_SECRETS, key } from './helpers';

function setup() {
  const book = new TerminalBook(64 * 1024);
  const posted: HostToWebview[] = [];
  const scheduler = new ManualScheduler();
  const poster = new TerminalOutputPoster(book, (message) => posted.push(message), () => NO_SECRETS, scheduler);
  const add = (sessionId: string, terminalId: string) => {
    const command = new ScriptedCommand();
    book.add(key(sessionId), terminalId, 'cmd', command);
    return command;
  };
  const outputs = () => posted.filter((m): m is TerminalOutputMessage => m.type === 'terminalOutput');
  return { book, posted, scheduler, poster, add, outputs };
}

describe('terminal output poster', () => {
  it('coalesces all output of a frame into one post per terminal, then continues with deltas', () => {
    const { poster, scheduler, add, outputs } = setup();
    poster.follow(key('s1'));
    const a = add('s1', 'term-1');
    a.print('one ');
    a.print('two ');
    assert.equal(outputs().length, 0, 'nothing before the frame ends');
    scheduler.advance(FRAME_MS);
    assert.deepEqual(outputs(), [{ type: 'terminalOutput', sessionKey: 's1', terminalId: 'term-1', text: 'one two ', command: 'cmd' }]);
    a.print('three');
    scheduler.advance(FRAME_MS);
    assert.equal(outputs()[1].text, 'three');
    assert.equal(outputs()[1].replace, undefined);
  });

  it('a command that has printed nothing yet: its command line is posted at once, and only once', () => {
    const { poster, scheduler, add, outputs } = setup();
    poster.follow(key('s1'));
    const a = add('s1', 'term-1');
    scheduler.advance(FRAME_MS);
    assert.deepEqual(outputs(), [{ type: 'terminalOutput', sessionKey: 's1', terminalId: 'term-1', text: '', command: 'cmd' }]);
    a.print('late');
    scheduler.advance(FRAME_MS);
    assert.deepEqual(outputs()[1], { type: 'terminalOutput', sessionKey: 's1', terminalId: 'term-1', text: 'late' });
  });

  it('posts at most ~60 times a second however often output arrives', () => {
    const { poster, scheduler, add, outputs } = setup();
    poster.follow(key('s1'));
    const a = add('s1', 'term-1');
    for (let ms = 0; ms < 1000; ms++) {
      a.print('x');
      scheduler.advance(1);
    }
    scheduler.advance(FRAME_MS);
    assert.ok(outputs().length <= Math.ceil(scheduler.time / FRAME_MS) + 1, `${outputs().length} posts in ${scheduler.time} ms`);
    assert.ok(outputs().length >= 50, 'output streams while it arrives, not only at the end');
    assert.equal(outputs().map((m) => m.text).join(''), 'x'.repeat(1000), 'nothing lost');
  });

  it('sends only the newest part of a flood, marked replace and truncated', () => {
    const { poster, scheduler, add, outputs } = setup();
    poster.follow(key('s1'));
    const a = add('s1', 'term-1');
    a.print('a'.repeat(MAX_POST_BYTES));
    a.print('the end');
    scheduler.advance(FRAME_MS);
    const [message] = outputs();
    assert.equal(message.replace, true);
    assert.equal(message.truncated, true);
    assert.equal(message.text.length, MAX_POST_BYTES);
    assert.ok(message.text.endsWith('the end'));
  });

  it('sends the exit status once, with the last output', () => {
    const { poster, scheduler, add, outputs } = setup();
    poster.follow(key('s1'));
    const a = add('s1', 'term-1');
    a.print('bye\n');
    a.exit({ exitCode: 2, signal: null });
    scheduler.advance(FRAME_MS);
    assert.deepEqual(outputs(), [{ type: 'terminalOutput', sessionKey: 's1', terminalId: 'term-1', text: 'bye\n', command: 'cmd', exitStatus: { exitCode: 2, signal: null } }]);
    a.print('late output from a background job');
    scheduler.advance(FRAME_MS);
    assert.equal(outputs()[1].exitStatus, undefined);
  });

  it('ignores terminals of other sessions and stops with the session it followed', () => {
    const { poster, scheduler, add, outputs } = setup();
    poster.follow(key('s1'));
    add('s2', 'term-1').print('other session');
    const mine = add('s1', 'term-1');
    mine.print('pending');
    poster.follow(key('s2'));
    scheduler.advance(FRAME_MS);
    assert.deepEqual(outputs(), [], 'what was pending for s1 is dropped');
  });

  it('snapshot: current output of referenced or live terminals, and deltas continue from it', () => {
    const { book, poster, scheduler, add, outputs } = setup();
    poster.follow(key('s1'));
    const live = add('s1', 'term-1');
    const releasedShown = add('s1', 'term-2');
    const releasedHidden = add('s1', 'term-3');
    live.print('live so far');
    releasedShown.print('shown');
    releasedShown.exit({ exitCode: 0, signal: null });
    releasedHidden.print('hidden');
    releasedHidden.exit({ exitCode: 0, signal: null });
    book.markReleased(book.get(key('s1'), 'term-2')!);
    book.markReleased(book.get(key('s1'), 'term-3')!);
    const views = poster.snapshot(new Set(['term-2']));
    assert.deepEqual(views, [
      { terminalId: 'term-1', text: 'live so far', command: 'cmd' },
      { terminalId: 'term-2', text: 'shown', command: 'cmd', exitStatus: { exitCode: 0, signal: null } },
    ]);
    scheduler.advance(FRAME_MS);
    assert.deepEqual(outputs(), [], 'output already in the snapshot is not posted again');
    live.print(', more');
    scheduler.advance(FRAME_MS);
    assert.equal(outputs()[0].text, ', more');
  });

  it('posts the output of released terminals that older entries refer to, once', () => {
    const { book, poster, add, outputs } = setup();
    poster.follow(key('s1'));
    const old = add('s1', 'term-1');
    old.print('from long ago');
    old.exit({ exitCode: 0, signal: null });
    book.markReleased(book.get(key('s1'), 'term-1')!);
    assert.deepEqual(poster.snapshot(new Set()), [], 'not in the snapshot window');
    poster.postReferenced(new Set(['term-1', 'term-9']));
    poster.postReferenced(new Set(['term-1']));
    assert.deepEqual(outputs(), [
      { type: 'terminalOutput', sessionKey: 's1', terminalId: 'term-1', text: 'from long ago', command: 'cmd', exitStatus: { exitCode: 0, signal: null }, replace: true },
    ]);
  });

  it('finds the terminals tool calls refer to', () => {
    const entries = [
      { kind: 'tool_call', id: 'e1', rev: 1, content: [{ type: 'terminal', terminalId: 'term-4' }, { type: 'content', content: { type: 'text', text: 'x' } }] },
      { kind: 'agent', id: 'e2', rev: 1, content: [] },
      { kind: 'tool_call', id: 'e3', rev: 1, content: [{ type: 'terminal', terminalId: 7 }] },
    ] as unknown as TranscriptEntry[];
    assert.deepEqual([...terminalIdsOf(entries)], ['term-4']);
  });
});
