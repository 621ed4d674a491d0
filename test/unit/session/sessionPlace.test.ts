// A session's place: in (or below) a workspace folder it gets the window's folders; anywhere else, its folder alone.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { placeIn, placesIn } from '../../../src/session/sessionPlace';

describe('session place: the cwd and roots a session starts with', () => {
  const a = path.resolve('/work/a');
  const b = path.resolve('/work/b');
  const outside = path.resolve('/tmp/elsewhere');

  it('a session in a workspace folder gets every folder of the window', () => {
    assert.deepEqual(placeIn([a, b], b), { cwd: b, roots: [a, b] });
  });

  it('a session below a workspace folder gets every folder of the window too', () => {
    const below = path.join(a, 'packages', 'web');
    assert.deepEqual(placeIn([a, b], below), { cwd: below, roots: [a, b] });
  });

  it('a session outside every workspace folder gets its folder alone', () => {
    assert.deepEqual(placeIn([a, b], outside), { cwd: outside, roots: [outside] });
    assert.deepEqual(placeIn([a], path.resolve('/work/ab')), { cwd: path.resolve('/work/ab'), roots: [path.resolve('/work/ab')] }, 'a sibling whose name starts the same is outside');
    assert.deepEqual(placeIn([a], path.resolve('/work')), { cwd: path.resolve('/work'), roots: [path.resolve('/work')] }, 'the parent of a folder is outside it');
  });

  it('a window without folders: the folder alone', () => {
    assert.deepEqual(placeIn([], outside), { cwd: outside, roots: [outside] });
  });

  it('reads the folders and the default folder when a session starts, not before', () => {
    let folders = [a];
    const placeFor = placesIn(() => folders, () => folders[0]);
    assert.deepEqual(placeFor(), { cwd: a, roots: [a] });
    folders = [b, a];
    assert.deepEqual(placeFor(), { cwd: b, roots: [b, a] }, 'the default folder as it is now');
    assert.deepEqual(placeFor(outside), { cwd: outside, roots: [outside] });
  });
});
