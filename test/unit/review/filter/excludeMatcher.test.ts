import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { excludeMatcher } from '../../../../src/review/filter/excludeMatcher';

describe('review filter: files.exclude outside git', () => {
  const root = path.join(path.sep, 'work', 'ws');
  const other = path.join(path.sep, 'work', 'other');
  const at = (...parts: string[]): string => path.join(root, ...parts);

  it('patterns are relative to each workspace folder, and a matched folder hides what is in it', () => {
    const excluded = excludeMatcher(['**/.DS_Store', '**/*.hidden', 'dist', '**/{tmp,cache}'], [root, other], false);
    assert.equal(excluded(at('a', '.DS_Store')), true);
    assert.equal(excluded(at('notes.hidden')), true);
    assert.equal(excluded(at('dist', 'deep', 'x.js')), true, 'in a folder the pattern matches');
    assert.equal(excluded(at('src', 'dist', 'x.js')), false, "'dist' is the top folder only");
    assert.equal(excluded(at('src', 'cache', 'x')), true, 'braces');
    assert.equal(excluded(path.join(other, 'tmp', 'y')), true, 'in the second folder too');
    assert.equal(excluded(at('src', 'a.ts')), false);
    assert.equal(excluded(path.join(path.sep, 'elsewhere', 'x.hidden')), false, 'outside every folder');
  });

  it('no patterns hide nothing; case is folded where the file system ignores it', () => {
    assert.equal(excludeMatcher([], [root], false)(at('x')), false);
    assert.equal(excludeMatcher(['**/*.LOG'], [root], true)(at('a.log')), true);
    assert.equal(excludeMatcher(['**/*.LOG'], [root], false)(at('a.log')), false);
  });
});
