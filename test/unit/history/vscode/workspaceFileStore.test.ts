import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { OPEN_SESSIONS_FILE, SESSION_RECORDS_FILE, workspaceFileStore } from '../../../../src/history/vscode/workspaceFileStore';

/** The part of an ExtensionContext the store uses: a storage folder (or none) and a workspace state in memory. */
function context(folder: string | undefined, state: Record<string, unknown> = {}) {
  return {
    storageUri: folder === undefined ? undefined : ({ scheme: 'file', fsPath: folder } as never),
    workspaceState: {
      get: (key: string) => state[key],
      update: async (key: string, value: unknown) => {
        state[key] = value;
      },
    } as never,
  };
}

describe('session history: what the next window reads', () => {
  let folder: string;
  beforeEach(() => {
    folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-store-')), 'not-yet-created');
  });
  afterEach(() => fs.rmSync(path.dirname(folder), { recursive: true, force: true }));

  it('is on disk as soon as it is set: a store made afterwards (the next window) reads it', () => {
    const logs: string[] = [];
    workspaceFileStore(context(folder), SESSION_RECORDS_FILE, (line) => logs.push(line)).set([{ sessionId: 's1', title: 'Fix the build' }]);
    const next = workspaceFileStore(context(folder), SESSION_RECORDS_FILE, (line) => logs.push(line));
    assert.deepEqual(next.get(), [{ sessionId: 's1', title: 'Fix the build' }]);
    assert.deepEqual(fs.readdirSync(folder).sort(), ['session-records.json'], 'no temporary file left');
    assert.equal(workspaceFileStore(context(folder), OPEN_SESSIONS_FILE, () => undefined).get(), undefined, 'each thing has its own file');
    assert.deepEqual(logs, []);
  });

  it('reads what an earlier version kept in the workspace state until the file exists', () => {
    const state = { 'acp.sessionRecords': [{ sessionId: 'old' }] };
    const store = workspaceFileStore(context(folder, state), SESSION_RECORDS_FILE, () => undefined);
    assert.deepEqual(store.get(), [{ sessionId: 'old' }]);
    store.set([{ sessionId: 'new' }]);
    assert.deepEqual(workspaceFileStore(context(folder, state), SESSION_RECORDS_FILE, () => undefined).get(), [{ sessionId: 'new' }]);
  });

  it('a damaged file reads as nothing; a file that cannot be written is logged, not thrown', () => {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'open-sessions.json'), '{"cut off');
    assert.equal(workspaceFileStore(context(folder), OPEN_SESSIONS_FILE, () => undefined).get(), undefined);
    const blocked = path.join(folder, 'a-file');
    fs.writeFileSync(blocked, '');
    const logs: string[] = [];
    workspaceFileStore(context(blocked), OPEN_SESSIONS_FILE, (line) => logs.push(line)).set([1]);
    assert.equal(logs.length, 1);
    assert.match(logs[0], /Could not save the open sessions/);
  });

  it('without a workspace storage folder, the workspace state keeps it', () => {
    const state: Record<string, unknown> = {};
    workspaceFileStore(context(undefined, state), OPEN_SESSIONS_FILE, () => undefined).set(['s1']);
    assert.deepEqual(state, { 'acp.openSessions': ['s1'] });
  });
});
