import * as assert from 'node:assert/strict';
import { planRestore, reversePlan } from '../../../src/review/restorePlan';

describe('review: restoring a checkpoint', () => {
  const disk: Record<string, string | null> = { '/w/a': 'a2', '/w/b': 'b1', '/w/c': null, '/w/same': 's' };
  const current = (file: string): Promise<string | null> => Promise.resolve(disk[file] ?? null);

  it('plans restore, delete and recreate; skips files already there; lists unknown ones', async () => {
    const plan = await planRestore(
      [
        { path: '/w/a', text: 'a0' },
        { path: '/w/b', text: null },
        { path: '/w/c', text: 'c0' },
        { path: '/w/same', text: 's' },
        { path: '/w/big', text: undefined },
      ],
      current,
    );
    assert.deepEqual(plan.steps, [
      { path: '/w/a', action: 'restore', target: 'a0', current: 'a2' },
      { path: '/w/b', action: 'delete', target: null, current: 'b1' },
      { path: '/w/c', action: 'recreate', target: 'c0', current: null },
    ]);
    assert.deepEqual(plan.unknown, ['/w/big']);
  });

  it('the reverse plan puts every file back', async () => {
    const plan = await planRestore([{ path: '/w/a', text: 'a0' }, { path: '/w/b', text: null }, { path: '/w/c', text: 'c0' }], current);
    assert.deepEqual(reversePlan(plan).steps, [
      { path: '/w/a', action: 'restore', target: 'a2', current: 'a0' },
      { path: '/w/b', action: 'recreate', target: 'b1', current: null },
      { path: '/w/c', action: 'delete', target: null, current: 'c0' },
    ]);
  });
});
