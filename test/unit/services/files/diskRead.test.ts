import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { errorCodeOf } from '../../../../src/acp/errors';
import { fileKind, readDiskText } from '../../../../src/services/files/diskRead';

describe('files: reading from disk', () => {
  let dir: string;

  before(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-files-disk-')));
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, bytes: string | Buffer): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };

  async function rejectsWith(file: string, code: number, pattern: RegExp): Promise<void> {
    await assert.rejects(readDiskText(file), (error: unknown) => {
      assert.equal(errorCodeOf(error), code);
      assert.match((error as Error).message, pattern);
      return true;
    });
  }

  it('reads UTF-8 with a BOM without the BOM, CRLF as LF', async () => {
    const file = write('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a\r\nb\r\n')]));
    assert.deepEqual(await readDiskText(file), { text: 'a\nb\n', encoding: 'utf8bom' });
  });

  it('answers -32002 naming the path for a missing file, also below a file', async () => {
    const missing = path.join(dir, 'nope.txt');
    await rejectsWith(missing, -32002, new RegExp(missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const underFile = path.join(write('plain.txt', 'x'), 'child');
    await rejectsWith(underFile, -32002, /not found/);
  });

  it('refuses binary files with -32603 naming the path', async () => {
    const file = write('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
    await rejectsWith(file, -32603, /image\.png is a binary file/);
  });

  it('refuses folders and files over the size cap', async () => {
    await rejectsWith(dir, -32603, /directory/);
    const big = write('big.txt', 'x'.repeat(2000));
    await assert.rejects(readDiskText(big, 1000), /too large/);
  });

  it('tells files, other things and nothing apart', async () => {
    assert.equal(await fileKind(write('k.txt', '')), 'file');
    assert.equal(await fileKind(dir), 'other');
    assert.equal(await fileKind(path.join(dir, 'missing', 'x')), 'missing');
  });
});
