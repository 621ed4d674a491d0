import * as assert from 'node:assert/strict';
import { TerminalOutput } from '../../../../src/services/terminals/terminalOutput';

const SAMPLES: Record<number, string> = { 2: 'é', 3: '€', 4: '😀' };

/** Writes `bytes` into `output` in chunks of `chunk` bytes (so sequences are split at every position). */
function writeInChunks(output: TerminalOutput, bytes: Buffer, chunk: number): void {
  for (let i = 0; i < bytes.length; i += chunk) output.write(bytes.subarray(i, i + chunk));
}

describe('TerminalOutput', () => {
  for (const [width, char] of Object.entries(SAMPLES)) {
    it(`cuts at a character boundary for ${width}-byte characters, at every limit and chunking`, () => {
      const text = `a${char.repeat(5)}b${char.repeat(3)}`;
      const bytes = Buffer.from(text);
      for (let limit = 0; limit <= bytes.length + 2; limit++) {
        for (const chunk of [1, 2, 3, 5, bytes.length]) {
          const output = new TerminalOutput(limit, 0);
          writeInChunks(output, bytes, chunk);
          output.finish();
          const { output: got, truncated } = output.forAgent();
          const gotBytes = Buffer.byteLength(got);
          const where = `limit ${limit}, chunks of ${chunk}`;
          assert.ok(text.endsWith(got), `${where}: ${JSON.stringify(got)} is a suffix`);
          assert.ok(!got.includes('\ufffd'), `${where}: no replacement character`);
          assert.ok(gotBytes <= limit, `${where}: ${gotBytes} bytes fit the limit`);
          assert.ok(gotBytes >= Math.min(limit, bytes.length) - (Number(width) - 1), `${where}: at most one character short`);
          assert.equal(truncated, limit < bytes.length, where);
        }
      }
    });
  }

  it('holds back an unfinished character at the end while running, and shows it once finished', () => {
    const euro = Buffer.from('€');
    const output = new TerminalOutput(100, 0);
    output.write(Buffer.concat([Buffer.from('x'), euro.subarray(0, 2)]));
    assert.deepEqual(output.forAgent(), { output: 'x', truncated: false });
    output.write(euro.subarray(2));
    assert.deepEqual(output.forAgent(), { output: 'x€', truncated: false });
    output.write(euro.subarray(0, 1));
    output.finish();
    assert.deepEqual(output.forAgent(), { output: 'x€\ufffd', truncated: false });
  });

  it('with outputByteLimit 0 answers no text, truncated once anything was written', () => {
    const output = new TerminalOutput(0, 0);
    assert.deepEqual(output.forAgent(), { output: '', truncated: false });
    output.write(Buffer.from('hello'));
    assert.deepEqual(output.forAgent(), { output: '', truncated: true });
  });

  it('keeps the newest limit bytes of a single huge chunk', () => {
    const output = new TerminalOutput(1000, 0);
    output.write(Buffer.from(`${'x'.repeat(3_000_000)}the end`));
    const { output: text, truncated } = output.forAgent();
    assert.equal(text.length, 1000);
    assert.ok(text.endsWith('the end'));
    assert.equal(truncated, true);
  });

  it('answers the agent at most `limit` bytes even when live views retain more', () => {
    const output = new TerminalOutput(4, 100);
    output.write(Buffer.from('abcdefgh'));
    assert.deepEqual(output.forAgent(), { output: 'efgh', truncated: true });
    assert.deepEqual(output.readFrom(0, 100), { text: 'abcdefgh', skipped: 0, end: 8 });
  });

  it('cursor reads: deltas since the last end, a jump to the newest part when too much came', () => {
    const output = new TerminalOutput(0, 1000);
    output.write(Buffer.from('hello '));
    const first = output.readFrom(0, 64);
    assert.deepEqual(first, { text: 'hello ', skipped: 0, end: 6 });
    output.write(Buffer.from('world'));
    assert.deepEqual(output.readFrom(first.end, 64), { text: 'world', skipped: 0, end: 11 });
    output.write(Buffer.from('0123456789'));
    const jumped = output.readFrom(11, 4);
    assert.deepEqual(jumped, { text: '6789', skipped: 6, end: 21 });
    assert.deepEqual(output.readFrom(jumped.end, 4), { text: '', skipped: 0, end: 21 });
  });

  it('a cursor jump never starts inside a character', () => {
    const output = new TerminalOutput(0, 1000);
    output.write(Buffer.from('😀😀😀'));
    const read = output.readFrom(0, 6); // the cut falls inside the second emoji
    assert.equal(read.text, '😀');
    assert.ok(read.skipped > 0);
  });

  it('a cursor behind what the ring still holds skips the trimmed part', () => {
    const output = new TerminalOutput(0, 8);
    output.write(Buffer.from('0123456789abcdef'));
    assert.deepEqual(output.readFrom(0, 100), { text: '89abcdef', skipped: 8, end: 16 });
  });

  it('shrinks to the live views\' tail after the command ends', () => {
    const output = new TerminalOutput(1000, 4);
    output.write(Buffer.from('0123456789'));
    output.finish();
    output.shrink(4);
    assert.deepEqual(output.readFrom(0, 100), { text: '6789', skipped: 6, end: 10 });
  });
});
