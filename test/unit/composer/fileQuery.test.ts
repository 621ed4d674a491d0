import * as assert from 'node:assert/strict';
import { excludeGlob, expandBraces, includeGlob, rankFiles } from '../../../src/composer/fileQuery';
import { selectionLabel, selectionLines } from '../../../src/composer/selectionRange';
import type { FileHit } from '../../../src/shared/protocol/composerProtocol';

const hit = (path: string): FileHit => ({ uri: `file:///w/${path}`, path, name: path.slice(path.lastIndexOf('/') + 1) });

describe('file picker search', () => {
  it('builds a case-insensitive glob and drops glob characters from the query', () => {
    assert.equal(includeGlob(''), '**/*');
    assert.equal(includeGlob('  '), '**/*');
    assert.equal(includeGlob('He1'), '**/*[hH][eE]1*');
    assert.equal(includeGlob('src/a'), '**/*[sS][rR][cC]/[aA]*');
    assert.equal(includeGlob('a*{b}'), '**/*[aA][bB]*');
    assert.equal(includeGlob('**'), '**/*');
  });

  it('merges files.exclude and search.exclude: true entries only, braces expanded', () => {
    assert.equal(
      excludeGlob({ '**/.git': true, '**/off': false, '**/*.js': { when: '$(basename).ts' } }, { '**/node_modules': true, '**/*.{map,log}': true }),
      '{**/.git,**/node_modules,**/*.map,**/*.log}',
    );
    assert.equal(excludeGlob(undefined, {}), undefined);
    assert.deepEqual(expandBraces('a{b,c{d,e}}f'), ['abf', 'acdf', 'acef']);
    assert.deepEqual(expandBraces('a{b'), ['a{b']);
  });

  it('ranks exact name, name prefix, name contains, path contains; open files first among equals', () => {
    const hits = [hit('lib/old-hello.js'), hit('deep/path/hello.js'), hit('hello.js'), hit('hello/readme.md'), hit('hellox.ts'), hit('zzz.txt')];
    assert.deepEqual(rankFiles(hits, 'hello.js', 10).map((h) => h.path), ['hello.js', 'deep/path/hello.js', 'lib/old-hello.js']);
    assert.deepEqual(rankFiles(hits, 'HELLO', 10).map((h) => h.path), ['hello.js', 'hellox.ts', 'deep/path/hello.js', 'lib/old-hello.js', 'hello/readme.md']);
    assert.deepEqual(rankFiles(hits, 'hello', 2, new Set(['file:///w/hellox.ts'])).map((h) => h.path), ['hellox.ts', 'hello.js']);
    assert.equal(rankFiles(hits, '', 3).length, 3, 'an empty query lists files, limited');
    assert.deepEqual(rankFiles([hit('a.ts'), hit('a.ts')], 'a', 5).length, 1, 'no duplicates');
  });
});

describe('selection mentions', () => {
  it('covers the selected lines; a selection ending at a line start leaves that line out', () => {
    assert.deepEqual(selectionLines({ line: 9, character: 2 }, { line: 19, character: 5 }), { start: 10, end: 20 });
    assert.deepEqual(selectionLines({ line: 9, character: 0 }, { line: 12, character: 0 }), { start: 10, end: 12 });
    assert.deepEqual(selectionLines({ line: 4, character: 0 }, { line: 4, character: 3 }), { start: 5, end: 5 });
    assert.equal(selectionLines({ line: 4, character: 3 }, { line: 4, character: 3 }), undefined);
    assert.equal(selectionLabel('src/a.ts', { start: 10, end: 20 }), 'src/a.ts#L10-L20');
    assert.equal(selectionLabel('src/a.ts', { start: 5, end: 5 }), 'src/a.ts#L5');
  });
});
