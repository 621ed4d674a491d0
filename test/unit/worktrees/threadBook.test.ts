import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ThreadBook } from '../../../src/worktrees/threadBook';
import { agentSlug, nextThreadName, worktreesFolder } from '../../../src/worktrees/threadNames';
import type { ThreadWorktree } from '../../../src/worktrees/worktreeGit';

function book(initial: unknown = undefined): { book: ThreadBook; stored: () => unknown } {
  let value = initial;
  return { book: new ThreadBook({ get: () => value, update: async (next) => void (value = next) }), stored: () => value };
}

const thread = (name: string, repository = '/r/repo'): ThreadWorktree => ({ repository, path: `/r/repo.worktrees/${name}`, branch: `acp/${name}`, base: 'abc' });

describe('worktree threads: the book and the names', () => {
  it('keeps threads across windows, finds the one holding a folder, and ignores records it cannot read', async () => {
    const { book: threads, stored } = book([{ nonsense: true }, thread('a-1')]);
    assert.deepEqual(threads.all(), [thread('a-1')]);
    let changes = 0;
    threads.onDidChange(() => changes++);
    await threads.add(thread('b-1'));
    assert.equal(threads.holding('/r/repo.worktrees/b-1/src/deep')?.branch, 'acp/b-1');
    assert.equal(threads.holding('/r/repo.worktrees/b-10'), undefined, 'a sibling folder with a longer name is another folder');
    assert.equal(threads.holding('/r/repo'), undefined);
    await threads.remove('/r/repo.worktrees/a-1');
    assert.deepEqual((stored() as ThreadWorktree[]).map((known) => known.branch), ['acp/b-1']);
    assert.equal(changes, 2);
  });

  it('tidy drops the records of a repository whose worktree git does not list or lists as gone', async () => {
    const { book: threads } = book([thread('kept-1'), thread('gone-1'), thread('pruned-1'), thread('other-1', '/r/other')]);
    const gone = await threads.tidy('/r/repo', [
      { path: '/r/repo', head: 'x', branch: 'main', prunable: false },
      { path: '/r/repo.worktrees/kept-1', head: 'y', branch: 'acp/kept-1', prunable: false },
      { path: '/r/repo.worktrees/pruned-1', head: 'z', branch: 'acp/pruned-1', prunable: true },
    ]);
    assert.deepEqual(gone.map((known) => known.branch), ['acp/gone-1', 'acp/pruned-1']);
    assert.deepEqual(threads.all().map((known) => known.branch), ['acp/kept-1', 'acp/other-1'], 'another repository’s threads are not its business');
  });

  it('names a thread after its agent, with the first number whose branch and folder are both free', async () => {
    assert.equal(agentSlug('Claude Code'), 'claude-code');
    assert.equal(agentSlug('Gémini  CLI!'), 'gemini-cli');
    assert.equal(agentSlug('***'), 'agent');
    const folder = worktreesFolder('/r/repo', undefined);
    assert.equal(folder, path.join('/r', 'repo.worktrees'));
    assert.equal(worktreesFolder('/r/repo', '../elsewhere'), path.resolve('/r/repo', '../elsewhere'));
    assert.equal(worktreesFolder('/r/repo', '/abs/trees'), '/abs/trees');
    const taken = new Set(['acp/codex-1', path.join(folder, 'codex-2')]);
    const name = await nextThreadName('Codex', folder, async (candidate) => taken.has(candidate.branch) || taken.has(candidate.folder));
    assert.deepEqual(name, { branch: 'acp/codex-3', folder: path.join(folder, 'codex-3') });
  });
});
