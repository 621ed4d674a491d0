import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { blobId, planFile, planFileAgainst, type ApplyOutcome, type Version } from '../../../src/worktrees/applyPlan';

const labels = { yours: 'Your changes', base: 'Before the thread', thread: 'Thread acp/demo-1' };
const v = (text: string | null): Version => (text === null ? null : Buffer.from(text, 'utf8'));
const plan = (base: string | null, thread: string | null, yours: string | null): Promise<ApplyOutcome> => planFile(v(base), v(thread), v(yours), labels);
const text = (outcome: ApplyOutcome): string | null | undefined => ('bytes' in outcome ? (outcome.bytes === null ? null : Buffer.from(outcome.bytes).toString('utf8')) : undefined);

describe('worktree threads: what Apply does to one file', () => {
  it('takes the thread’s version where the user’s file is still the base (also a new file, and a deletion)', async () => {
    assert.deepEqual([(await plan('a\n', 'b\n', 'a\n')).kind, text(await plan('a\n', 'b\n', 'a\n'))], ['take', 'b\n']);
    assert.deepEqual([(await plan(null, 'new\n', null)).kind, text(await plan(null, 'new\n', null))], ['take', 'new\n']);
    assert.deepEqual([(await plan('a\n', null, 'a\n')).kind, text(await plan('a\n', null, 'a\n'))], ['take', null]);
  });

  it('leaves a file that is already the thread’s alone', async () => {
    assert.equal((await plan('a\n', 'b\n', 'b\n')).kind, 'unchanged');
    assert.equal((await plan('a\n', null, null)).kind, 'unchanged');
  });

  it('merges changes in different lines, as git merges them', async () => {
    const outcome = await plan('one\ntwo\nthree\nfour\nfive\n', 'one\ntwo\nthree\nfour\nFIVE by the thread\n', 'ONE by you\ntwo\nthree\nfour\nfive\n');
    assert.equal(outcome.kind, 'merged');
    assert.equal(text(outcome), 'ONE by you\ntwo\nthree\nfour\nFIVE by the thread\n');
  });

  it('marks changes to the same lines as a conflict, with both sides named, nothing dropped', async () => {
    const outcome = await plan('one\ntwo\n', 'one\nthread’s two\n', 'one\nyour two\n');
    assert.equal(outcome.kind, 'conflict');
    assert.equal(outcome.kind === 'conflict' && outcome.conflicts, 1);
    assert.equal(text(outcome), 'one\n<<<<<<< Your changes\nyour two\n=======\nthread’s two\n>>>>>>> Thread acp/demo-1\n');
  });

  it('a file both added differently is a conflict over its whole text', async () => {
    const outcome = await plan(null, 'thread\n', 'yours\n');
    assert.equal(outcome.kind, 'conflict');
    assert.match(text(outcome) ?? '', /<<<<<<< Your changes\nyours\n=======\nthread\n>>>>>>> Thread/);
  });

  it('keeps the user’s file where git cannot merge, and says why', async () => {
    assert.deepEqual(await plan('a\n', null, 'changed by you\n'), { kind: 'kept', reason: 'the thread deleted it and you changed it' });
    assert.deepEqual(await plan('a\n', 'changed by the thread\n', null), { kind: 'kept', reason: 'you deleted it and the thread changed it' });
    const binary = await planFile(Buffer.from([0, 1]), Buffer.from([0, 2]), Buffer.from([0, 3]), labels);
    assert.deepEqual(binary, { kind: 'kept', reason: 'it is not text, so the two changes cannot be merged' });
  });

  it('merges bytes that are not UTF-8 without changing them', async () => {
    const latin1 = (s: string): Buffer => Buffer.from(s, 'latin1');
    const outcome = await planFile(latin1('caf\xe9\nb\nc\nd\n'), latin1('caf\xe9\nb\nc\nD\n'), latin1('CAF\xc9\nb\nc\nd\n'), labels);
    assert.equal(outcome.kind, 'merged');
    assert.deepEqual(outcome.kind === 'merged' && Buffer.from(outcome.bytes), latin1('CAF\xc9\nb\nc\nD\n'));
  });

  it('names bytes by the blob id git gives them', () => {
    for (const content of ['', 'one line\n', 'no newline', '\u00e9t\u00e9\r\n', '\0binary\u0001']) {
      assert.equal(blobId(Buffer.from(content, 'utf8')), execFileSync('git', ['hash-object', '--stdin'], { input: content }).toString().trim(), JSON.stringify(content));
    }
  });

  it('reads the base only where both sides changed the file, and decides as planFile does', async () => {
    const cases: [string | null, string | null, string | null][] = [
      ['a\n', 'b\n', 'a\n'],
      [null, 'new\n', null],
      ['a\n', null, 'a\n'],
      ['a\n', 'b\n', 'b\n'],
      ['a\n', 'a\n', 'yours\n'],
      ['one\ntwo\nthree\nfour\nfive\n', 'one\ntwo\nthree\nfour\nFIVE\n', 'ONE\ntwo\nthree\nfour\nfive\n'],
      ['one\ntwo\n', 'one\nthread’s two\n', 'one\nyour two\n'],
      ['a\n', null, 'yours\n'],
    ];
    for (const [base, thread, yours] of cases) {
      let reads = 0;
      const side = { oid: base === null ? undefined : blobId(v(base) as Uint8Array), read: async () => (reads++, v(base)) };
      const against = await planFileAgainst(side, v(thread), v(yours), labels);
      const whole = await plan(base, thread, yours);
      // The thread that left a file as the base had it brings nothing: the user's version stays.
      const expected = thread === base && yours !== thread ? { kind: 'unchanged' } : whole;
      assert.deepEqual([against.kind, text(against)], [expected.kind, text(expected as ApplyOutcome)], JSON.stringify([base, thread, yours]));
      const bothChanged = yours !== base && thread !== base && yours !== thread;
      assert.equal(reads, bothChanged ? 1 : 0, `base read ${reads} time(s) for ${JSON.stringify([base, thread, yours])}`);
    }
  });
});
