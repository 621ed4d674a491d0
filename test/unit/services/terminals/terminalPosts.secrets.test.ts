import * as assert from 'node:assert/strict';
import { TerminalBook } from '../../../../src/services/terminals/terminalBook';
import { MAX_POST_BYTES, TerminalOutputPoster } from '../../../../src/services/terminals/terminalPosts';
import { MASK, secretRules, type SecretRules } from '../../../../src/shared/text/secretText';
import type { HostToWebview, SessionSnapshot, TerminalOutputMessage } from '../../../../src/shared/protocol/webviewProtocol';
import { FRAME_MS } from '../../../../src/shared/frameScheduler';
import { TerminalStore } from '../../../../webview-ui/src/terminals/terminalStore';
import { ManualScheduler } from '../../helpers/manualScheduler';
import { ScriptedCommand } from './fakeCommand';
import { key } from './helpers';

const SECRET = 'env-secret-value-4711';

/** A poster whose posts the chat view's own terminal store draws: `drawn()` is the text the card shows. */
function setup(known: readonly string[] = [SECRET]) {
  const book = new TerminalBook(64 * 1024);
  const posted: HostToWebview[] = [];
  const scheduler = new ManualScheduler();
  let rules: SecretRules = secretRules(known);
  const store = new TerminalStore();
  const view: string[] = [];
  const poster = new TerminalOutputPoster(
    book,
    (message) => {
      posted.push(message);
      store.apply(message);
      view.push(store.get('term-1')?.text ?? '');
    },
    () => rules,
    scheduler,
  );
  poster.follow(key('s1'));
  store.apply(snapshotMessage(poster.snapshot(new Set())));
  const command = new ScriptedCommand(1024, 256 * 1024);
  book.add(key('s1'), 'term-1', `printenv # ${SECRET}`, command);
  const frame = () => scheduler.advance(FRAME_MS);
  const outputs = () => posted.filter((m): m is TerminalOutputMessage => m.type === 'terminalOutput');
  return { book, poster, store, command, frame, outputs, view, setRules: (next: readonly string[]) => (rules = secretRules(next)) };
}

function snapshotMessage(terminals: Extract<HostToWebview, { type: 'snapshot' }>['terminals']): HostToWebview {
  const session = { sessionKey: 's1', header: { turn: 'idle' }, entries: [], totalEntries: 0 } as unknown as SessionSnapshot;
  return { type: 'snapshot', agent: null, session, terminals };
}

describe('terminal output poster: secrets in the chat as drawn', () => {
  it('never draws a secret that arrives split across two frames, wherever it is split', () => {
    const output = `HOME=/home/me\nAPI_KEY=${SECRET}\nPATH=/usr/bin\n`;
    for (let at = 1; at < output.length; at++) {
      const { command, frame, store, outputs, view } = setup();
      command.print(output.slice(0, at));
      frame();
      command.print(output.slice(at));
      frame();
      for (const drawnText of view) assert.ok(!drawnText.includes(SECRET), `split at ${at}: ${drawnText}`);
      for (const message of outputs()) assert.ok(!JSON.stringify(message).includes(SECRET), `split at ${at}: posted ${JSON.stringify(message)}`);
      assert.equal(store.get('term-1')?.text, `HOME=/home/me\nAPI_KEY=${MASK}\nPATH=/usr/bin\n`, `split at ${at}`);
    }
  });

  it('appends while it can; a chunk that completes a secret the card began to draw replaces the card text', () => {
    const { command, frame, outputs } = setup();
    command.print('API_KEY=env-secret-');
    frame();
    command.print('value-4711\n');
    frame();
    command.print('done\n');
    frame();
    const [first, second, third] = outputs();
    assert.equal(first!.text, 'API_KEY=env-secret-');
    assert.equal(first!.replace, undefined);
    assert.deepEqual({ text: second!.text, replace: second!.replace }, { text: `API_KEY=${MASK}\n`, replace: true });
    assert.deepEqual({ text: third!.text, replace: third!.replace }, { text: 'done\n', replace: undefined });
  });

  it('masks the command line and the snapshot a (re)attaching view starts from', () => {
    const { poster, command, outputs, frame } = setup();
    command.print(`API_KEY=${SECRET}\n`);
    frame();
    assert.equal(outputs()[0]!.command, `printenv # ${MASK}`);
    const [view] = poster.snapshot(new Set(['term-1']));
    assert.deepEqual({ text: view!.text, command: view!.command }, { text: `API_KEY=${MASK}\n`, command: `printenv # ${MASK}` });
    command.print(`again ${SECRET.slice(0, 5)}`);
    frame();
    command.print(`${SECRET.slice(5)}\n`);
    frame();
    assert.equal(outputs().at(-1)!.text, `API_KEY=${MASK}\nagain ${MASK}\n`, 'the stream continues from the snapshot');
  });

  it('after a flood trimmed to its newest part (replace), a secret split at its end is still masked', () => {
    const { command, frame, store, outputs, view } = setup();
    command.print('x'.repeat(MAX_POST_BYTES));
    command.print(`\nAPI_KEY=${SECRET.slice(0, 9)}`);
    frame();
    assert.equal(outputs()[0]!.replace, true, 'the flood is trimmed');
    command.print(`${SECRET.slice(9)}\n`);
    frame();
    const last = outputs().at(-1)!;
    assert.equal(last.replace, true);
    assert.equal(last.truncated, true, 'the card says older output is not shown');
    assert.ok(last.text.endsWith(`\nAPI_KEY=${MASK}\n`));
    assert.ok(Buffer.byteLength(last.text) <= MAX_POST_BYTES);
    for (const drawnText of view) assert.ok(!drawnText.includes(SECRET));
    assert.ok(store.get('term-1')!.text.endsWith(`API_KEY=${MASK}\n`));
  });

  it('a secret configured later is masked from the next post on, in the text already drawn too', () => {
    const { command, frame, outputs, setRules } = setup([]);
    command.print('TOKEN=late-configured-value\n');
    frame();
    assert.equal(outputs()[0]!.text, 'TOKEN=late-configured-value\n');
    setRules(['late-configured-value']);
    command.print('next\n');
    frame();
    assert.deepEqual({ text: outputs()[1]!.text, replace: outputs()[1]!.replace }, { text: `TOKEN=${MASK}\nnext\n`, replace: true });
  });

  it('with no secret configured, posts the output as it is (the well-known token shapes aside)', () => {
    const { command, frame, outputs } = setup([]);
    command.print(`API_KEY=${SECRET}\n`);
    frame();
    command.print('GH=ghp_0123456789abcdefghijABCD\n');
    frame();
    assert.deepEqual(
      outputs().map((m) => m.text),
      [`API_KEY=${SECRET}\n`, `GH=ghp_${MASK}\n`],
    );
  });
});
