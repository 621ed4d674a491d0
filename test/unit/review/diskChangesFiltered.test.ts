import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DiskChanges } from '../../../src/review/diskChanges';
import { ChangeFilter } from '../../../src/review/filter/changeFilter';
import { GitFiles } from '../../../src/review/filter/gitFiles';
import { Repositories } from '../../../src/review/filter/repositories';
import { SessionChanges } from '../../../src/review/sessionChanges';
import { WorkspaceSnapshot } from '../../../src/review/workspaceSnapshot';
import { git, repository, tempFolder, write } from '../helpers/gitRepository';

describe('review: changes on disk, through the review filter', () => {
  let top: string;

  afterEach(() => fs.rmSync(top, { recursive: true, force: true }));

  it("a commit and a build during the turn: only the tracked edits are the agent's; the rest is handled and not kept", async () => {
    top = tempFolder('acp-disk-filter-');
    const repo = repository(path.join(top, 'repo'), { '.gitignore': 'build/\n', 'tracked.txt': 'beta\n', 'notes.txt': 'notes\n' });
    const at = (...parts: string[]): string => path.join(repo, ...parts);
    const snapshot = new WorkspaceSnapshot((p) => p);
    await snapshot.seed([at('tracked.txt'), at('notes.txt'), at('.gitignore')]);
    const filter = new ChangeFilter({ repositories: new Repositories(), git: new GitFiles(), excluded: () => false, keyOf: (p) => p, log: () => undefined });
    const disk = new DiskChanges(snapshot, (p) => p, () => undefined, filter);
    const session = new SessionChanges('s1', { keyOf: (p) => p, snapshot, attribute: () => undefined, now: () => 0, graceMs: 500 });
    disk.track(session);
    const handled: string[] = [];
    disk.onDidHandle((file) => handled.push(file));

    session.turnStarted('go');
    fs.writeFileSync(at('notes.txt'), 'notes by the agent\n');
    git(repo, 'checkout', '-q', '-b', 'agent');
    git(repo, 'commit', '-q', '-am', 'agent');
    write(repo, { 'build/out.js': 'built\n', 'tracked.txt': 'BETA\n' });
    const events: [string, 'create' | 'change'][] = [
      [at('notes.txt'), 'change'],
      [at('.git', 'HEAD'), 'change'],
      [at('.git', 'refs', 'heads', 'agent'), 'create'],
      [at('.git', 'logs', 'HEAD'), 'change'],
      [at('.git', 'index'), 'change'],
      [at('build'), 'create'],
      [at('build', 'out.js'), 'create'],
      [at('tracked.txt'), 'change'],
    ];
    await Promise.all(events.map(([file, kind]) => disk.event(file, kind)));
    assert.deepEqual(
      session.ledger
        .pending()
        .map((file) => [path.basename(file.path), file.status, file.baseline, file.current])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      [
        ['notes.txt', 'modified', 'notes\n', 'notes by the agent\n'],
        ['tracked.txt', 'modified', 'beta\n', 'BETA\n'],
      ],
    );
    assert.deepEqual([...handled].sort(), events.map(([file]) => file).sort(), 'every event was handled');
    assert.equal(snapshot.has(at('build', 'out.js')), false, 'an ignored file is not kept');
    assert.equal(snapshot.has(at('.git', 'HEAD')), false);
  });
});
