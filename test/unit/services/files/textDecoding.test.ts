import * as assert from 'node:assert/strict';
import { decodeText } from '../../../../src/services/files/textDecoding';
import { toEol, toLf } from '../../../../src/services/files/eol';

describe('files: decoding and line endings', () => {
  it('decodes UTF-8 without a BOM', () => {
    assert.deepEqual(decodeText(Buffer.from('héllo ✓\n', 'utf8')), { text: 'héllo ✓\n', encoding: 'utf8' });
  });

  it('drops a UTF-8 BOM from the content', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('abc', 'utf8')]);
    assert.deepEqual(decodeText(bytes), { text: 'abc', encoding: 'utf8bom' });
  });

  it('decodes UTF-16 with a BOM, both byte orders', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi ✓', 'utf16le')]);
    assert.deepEqual(decodeText(le), { text: 'hi ✓', encoding: 'utf16le' });
    const be = Buffer.from(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('hi ✓', 'utf16le').swap16()]));
    assert.deepEqual(decodeText(be), { text: 'hi ✓', encoding: 'utf16be' });
  });

  it('calls NUL bytes in the first 8 KB binary', () => {
    assert.equal(decodeText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])), undefined);
    const late = Buffer.concat([Buffer.alloc(9000, 0x61), Buffer.from([0])]);
    assert.equal(decodeText(late)?.text.length, 9001, 'a NUL after the first 8 KB of valid UTF-8 is text');
  });

  it('calls invalid UTF-8 binary instead of decoding it with replacement characters', () => {
    assert.equal(decodeText(Buffer.from([0x61, 0xff, 0xfe, 0x62, 0x80])), undefined);
    assert.equal(decodeText(Buffer.from([0xc3])), undefined, 'a truncated sequence');
  });

  it('decodes an empty file as empty text', () => {
    assert.deepEqual(decodeText(new Uint8Array(0)), { text: '', encoding: 'utf8' });
  });

  it('normalises CRLF and lone CR to LF, and converts LF text to a document EOL', () => {
    assert.equal(toLf('a\r\nb\rc\n'), 'a\nb\nc\n');
    const plain = 'no carriage returns\n';
    assert.equal(toLf(plain), plain);
    assert.equal(toEol('a\nb\r\nc\rd', '\r\n'), 'a\r\nb\r\nc\r\nd');
    assert.equal(toEol('a\r\nb\n', '\n'), 'a\nb\n');
  });
});
