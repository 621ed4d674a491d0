import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FileTranscriptSpill } from '../../../src/session/transcriptSpill';
import type { TranscriptEntry } from '../../../src/shared/transcript/model';
import { MASK, secretRules } from '../../../src/shared/text/secretText';

describe('transcript spill files', () => {
  let base: string;
  beforeEach(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-spill-test-'));
  });
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  it('writes a cut message in order (text, then held UTF-8 bytes), and removes its folder when disposed', async () => {
    const spill = new FileTranscriptSpill(base, 'session/1');
    assert.equal(await spill.entryFile('e1'), undefined);
    spill.appendEntry('e1', 'start ');
    spill.appendEntry('e1', '', new Uint8Array(Buffer.from('ü held')));
    spill.appendEntry('e1', ' end');
    const file = await spill.entryFile('e1');
    assert.ok(file);
    assert.equal(fs.readFileSync(file, 'utf8'), 'start ü held end');
    assert.equal((fs.statSync(file).mode & 0o777).toString(8), '600');
    await spill.dispose();
    assert.equal(fs.existsSync(file), false);
    assert.deepEqual(fs.readdirSync(base), []);
  });

  it('keeps dropped entries as markdown, oldest first', async () => {
    const spill = new FileTranscriptSpill(base, 's');
    assert.equal(await spill.droppedFile(), undefined);
    const entry = (id: string, text: string): TranscriptEntry => ({ kind: 'agent', id, rev: 1, content: [{ type: 'text', text }] });
    spill.appendDropped([entry('e1', 'first')]);
    spill.appendDropped([entry('e2', 'second')]);
    const file = await spill.droppedFile();
    assert.ok(file);
    assert.match(fs.readFileSync(file, 'utf8'), /## Agent\n\nfirst[^]*## Agent\n\nsecond/);
    await spill.dispose();
  });

  it('stops keeping dropped entries past its limit, and says so at the end of the file', async () => {
    const spill = new FileTranscriptSpill(base, 's', () => undefined, 50);
    const entry = (id: string, text: string): TranscriptEntry => ({ kind: 'agent', id, rev: 1, content: [{ type: 'text', text }] });
    spill.appendDropped([entry('e1', 'a'.repeat(30))]);
    spill.appendDropped([entry('e2', 'b'.repeat(30))]);
    spill.appendDropped([entry('e3', 'c'.repeat(30))]);
    const text = fs.readFileSync((await spill.droppedFile())!, 'utf8');
    assert.match(text, /a{30}[^]*b{30}[^]*were not kept: this file reached its limit/);
    assert.doesNotMatch(text, /c{30}/);
    await spill.dispose();
  });

  it('masks secrets in a cut message, also split across pieces and held bytes, and in dropped entries', async () => {
    const secret = 'env-secret-value-4711';
    const rules = secretRules([secret]);
    const spill = new FileTranscriptSpill(base, 's', () => undefined, undefined, () => rules);
    spill.appendEntry('e1', 'the key env-secr');
    spill.appendEntry('e1', '', new Uint8Array(Buffer.from(`et-value-4711 and ü ${'x'.repeat(2_000_000)} ghp_0123456789abcdefghij`)));
    spill.appendEntry('e1', `ABCD end ${secret.slice(0, 5)}`);
    spill.appendEntry('e1', `${secret.slice(5)}.`);
    const file = await spill.entryFile('e1');
    assert.ok(file);
    const text = fs.readFileSync(file, 'utf8');
    assert.ok(!text.includes(secret) && !text.includes('0123456789abcdefghij'), 'no secret in the file');
    assert.ok(text.startsWith(`the key ${MASK} and ü xxx`));
    assert.ok(text.endsWith(`xxx ghp_${MASK} end ${MASK}.`));
    assert.equal(text.length, `the key ${MASK} and ü `.length + 2_000_000 + ` ghp_${MASK} end ${MASK}.`.length);
    spill.appendDropped([{ kind: 'agent', id: 'e2', rev: 1, content: [{ type: 'text', text: `said ${secret}` }] }]);
    const dropped = await spill.droppedFile();
    assert.ok(dropped);
    assert.ok(!fs.readFileSync(dropped, 'utf8').includes(secret));
    await spill.dispose();
  });
});
