import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { RootUses, outermost } from '../../../src/review/rootUses';

const same = (p: string): string => p;
const at = (...parts: string[]): string => path.join(path.sep, 'w', ...parts);

describe('review: the roots in use and the ones watched', () => {
  it('a root inside another one in use gets no watcher of its own; repeats count once', () => {
    assert.deepEqual(outermost([at('repo', 'app'), at('repo'), at('other'), at('repo') + path.sep, at('other-2')], same), [at('repo'), at('other'), at('other-2')]);
  });

  it('uses are counted: a root stays until its last use ends, and the inner one is watched once the outer goes', () => {
    const uses = new RootUses(same);
    const outerOne = uses.use(at('repo'));
    const outerTwo = uses.use(at('repo'));
    const inner = uses.use(at('repo', 'app'));
    assert.deepEqual(uses.watched(), [at('repo')]);
    outerOne();
    outerOne();
    assert.deepEqual(uses.watched(), [at('repo')], 'ending one use twice ends it once');
    outerTwo();
    assert.deepEqual(uses.watched(), [at('repo', 'app')]);
    inner();
    assert.deepEqual(uses.all, []);
  });
});
