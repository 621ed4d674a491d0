// fs/read_text_file driven by a scripted agent the way real agents use it, inside a real VS Code: unsaved
// buffers, line windows, errors, and the user's say on files outside the workspace folders.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ConsentRequest } from '../../src/services/files/consent';
import type { Session } from '../../src/session/session';
import type { ToolCallEntry } from '../../src/shared/transcript/model';
import { agentJson, lastToolCall, openWithTyping, scratchFile, toolCallText, workspaceRoot } from './helpers/files';
import { useFilesSuite } from './helpers/filesSuite';

interface ReadResult {
  content?: string;
  error?: { code: number; message: string };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('files: fs/read_text_file', function () {
  this.timeout(60_000);
  const suite = useFilesSuite();

  describe('reading', () => {
    it('reads the unsaved text of an open document, not the disk', async () => {
      const file = scratchFile('read-open.txt', 'disk 1\ndisk 2\n');
      const editor = await openWithTyping(file, 'typed\n', 'start');
      assert.equal(editor.document.isDirty, true);
      const session = await suite.sessionWith('files-read');
      await suite.turn(session, file);
      assert.deepEqual(agentJson<ReadResult>(session), { content: 'typed\ndisk 1\ndisk 2\n' });
      assert.equal(editor.document.isDirty, true, 'reading changed nothing');
    });

    it('reads a window of lines of an open document, and nothing past its end', async () => {
      const windowed = scratchFile('lines.window.txt', 'l1\nl2\nl3\nl4\n');
      await openWithTyping(windowed, 'l0\n', 'start');
      const past = scratchFile('lines.past.txt', 'only\n');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(past));
      const session = await suite.sessionWith('files-read');
      await suite.turn(session, windowed);
      assert.deepEqual(agentJson<ReadResult>(session), { content: 'l1\nl2\n' }, 'line 2, limit 2 of the buffer');
      await suite.turn(session, past);
      assert.deepEqual(agentJson<ReadResult>(session), { content: '' });
    });

    it('reads a file no editor has open from disk: BOM dropped, CRLF as LF, windows by line', async () => {
      const whole = scratchFile('disk-whole.txt', Buffer.concat([BOM, Buffer.from('a\r\nb\r\nc\r\n')]));
      const windowed = scratchFile('disk.window.txt', Buffer.concat([BOM, Buffer.from('a\r\nb\r\nc\r\n')]));
      const session = await suite.sessionWith('files-read');
      await suite.turn(session, whole);
      assert.deepEqual(agentJson<ReadResult>(session), { content: 'a\nb\nc\n' });
      await suite.turn(session, windowed);
      assert.deepEqual(agentJson<ReadResult>(session), { content: 'b\nc\n' });
    });

    it('answers -32002 for a missing file, -32602 for a relative path, -32603 for a binary file, each naming the path', async () => {
      const missing = path.join(workspaceRoot(), 'files-it', 'missing.error.txt');
      const binary = scratchFile('image.error.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
      const session = await suite.sessionWith('files-read');

      await suite.turn(session, missing);
      const notFound = agentJson<ReadResult>(session).error;
      assert.equal(notFound?.code, -32002);
      assert.ok(notFound?.message.includes(missing), notFound?.message);

      await suite.turn(session, 'files-it/relative.error.txt');
      const relative = agentJson<ReadResult>(session).error;
      assert.equal(relative?.code, -32602);
      assert.match(relative?.message ?? '', /"path"/);

      await suite.turn(session, binary);
      const binaryError = agentJson<ReadResult>(session).error;
      assert.equal(binaryError?.code, -32603);
      assert.ok(binaryError?.message.includes(binary), binaryError?.message);
      assert.match(binaryError?.message ?? '', /binary/);
    });
  });

  describe('outside the workspace folders', () => {
    let outsideDir: string;
    let outsideFile: string;

    before(() => {
      outsideDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-files-outside-')));
      outsideFile = path.join(outsideDir, 'outside.txt');
      fs.writeFileSync(outsideFile, 'secret outside\n');
    });

    after(() => fs.rmSync(outsideDir, { recursive: true, force: true }));

    async function readOutside(session: Session, file: string): Promise<ToolCallEntry> {
      await suite.turn(session, file);
      return lastToolCall(session);
    }

    it('refuses a read when the setting says deny, without asking', async () => {
      await suite.setting('outsideRoots', 'deny');
      const session = await suite.sessionWith('files-outside');
      const call = await readOutside(session, outsideFile);
      assert.equal(call.status, 'failed');
      assert.match(toolCallText(call), /outside the folders of this session/);
      assert.ok(toolCallText(call).includes(outsideFile));
      assert.equal(suite.ui.asked.length, 0);
    });

    it('asks, remembers the answer for the session, and asks again in a new session', async () => {
      suite.ui.answers = ['allow', 'deny'];
      const session = await suite.sessionWith('files-outside');
      const first = await readOutside(session, outsideFile);
      assert.equal(first.status, 'completed');
      assert.match(toolCallText(first), /secret outside/);
      assert.deepEqual(suite.ui.asked.map((q) => [q.kind, q.path]), [['read', outsideFile]]);

      const second = await readOutside(session, outsideFile);
      assert.equal(second.status, 'completed');
      assert.equal(suite.ui.asked.length, 1, 'the answer was remembered for the session');

      const next = await suite.sessionWith('files-outside');
      const third = await readOutside(next, outsideFile);
      assert.equal(third.status, 'failed', 'a new session asked again and the user denied');
      assert.equal(suite.ui.asked.length, 2);
    });

    it('an "allow for this session" covers the folder asked about, never the places where secrets are kept (issue 25)', async () => {
      // A home folder of the test's own (the real ~ is never touched): the grant of a file in it covers it all
      // but ~/.ssh, .env files, and a link that leads into ~/.ssh.
      const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-files-home-')));
      const useHome = suite.api.files.useHome(home);
      try {
        const file = (relative: string, text: string): string => {
          const full = path.join(home, ...relative.split('/'));
          fs.mkdirSync(path.dirname(full), { recursive: true });
          fs.writeFileSync(full, text);
          return full;
        };
        const sibling = file('sibling.txt', 'sibling\n');
        const other = file('notes/other.txt', 'other\n');
        const key = file('.ssh/id_rsa', 'PRIVATE KEY\n');
        const env = file('.env', 'API_TOKEN=abc\n');
        fs.symlinkSync(path.join(home, '.ssh'), path.join(home, 'keys'));
        suite.ui.answers = ['allow', 'deny', 'deny', 'deny'];
        const session = await suite.sessionWith('files-outside');

        assert.equal((await readOutside(session, sibling)).status, 'completed');
        assert.deepEqual(suite.ui.asked.map((q) => [q.kind, q.path, q.folder]), [['read', sibling, home]], 'the dialog names the folder');

        const below = await readOutside(session, other);
        assert.equal(below.status, 'completed', 'a file in the granted folder is read without asking');
        assert.equal(suite.ui.asked.length, 1);

        const secrets: [string, string][] = [[key, '~/.ssh'], [env, '.env files'], [path.join(home, 'keys', 'id_rsa'), '~/.ssh']];
        for (const [secretFile, place] of secrets) {
          const call = await readOutside(session, secretFile);
          assert.equal(call.status, 'failed', `${secretFile} is asked about, and the user denied it`);
          const question: ConsentRequest | undefined = suite.ui.asked[suite.ui.asked.length - 1];
          assert.deepEqual([question?.path, question?.secret?.place], [secretFile, place]);
          assert.doesNotMatch(toolCallText(call), /PRIVATE KEY|API_TOKEN/);
        }
        assert.equal(suite.ui.asked.length, 4);
      } finally {
        useHome.dispose();
        fs.rmSync(home, { recursive: true, force: true });
      }
    });

    it('catches a symlink in the workspace that leads outside', async () => {
      await suite.setting('outsideRoots', 'deny');
      const link = path.join(workspaceRoot(), 'files-it', 'link-out.txt');
      fs.mkdirSync(path.dirname(link), { recursive: true });
      fs.symlinkSync(outsideFile, link);
      const session = await suite.sessionWith('files-outside');
      const call = await readOutside(session, link);
      assert.equal(call.status, 'failed');
      assert.ok(toolCallText(call).includes(`leads to ${outsideFile}`), toolCallText(call));
    });
  });
});
