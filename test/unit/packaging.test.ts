// The packaged extension (what `npm run package` puts in the VSIX, as `vsce ls` lists it) holds every bundle the
// build makes: a bundle left out works in development and fails only for users (the diff worker did).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

describe('packaging', function () {
  this.timeout(60_000);

  it('the VSIX holds every bundle of dist/ (source maps aside)', () => {
    const dist = path.join(root, 'dist');
    assert.ok(fs.existsSync(dist), 'dist/ is missing: run `npm run build` first');
    const built = fs.readdirSync(dist).filter((name) => !name.endsWith('.map')).map((name) => `dist/${name}`);
    assert.ok(built.includes('dist/diff-worker.js') && built.includes('dist/extension.js'), `unexpected build output: ${built.join(', ')}`);
    const vsce = path.join(root, 'node_modules', '.bin', 'vsce');
    const listed = new Set(execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' }).split('\n').map((line) => line.trim()));
    assert.deepEqual(built.filter((file) => !listed.has(file)), [], 'bundles the VSIX would lack');
  });
});
