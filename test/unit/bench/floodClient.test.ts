// The benchmark's flood client (bench/flood/clients/ours.mjs) drives the host pipeline through the same parts the
// extension wires (session parts, surfaces, starter, coalescer). A seam moved in src/ that it was not moved with breaks
// `npm run bench` only, which CI does not run: a small flood through it here keeps the two together.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..');

describe('the benchmark’s flood client', function () {
  this.timeout(60_000);

  it('floods this extension’s pipeline and reports what reached the session', () => {
    const output = execFileSync(
      process.execPath,
      [path.join(root, 'bench', 'flood', 'measure.mjs'), '--client', 'ours', '--mix', 'ingest', '--bursts', '1', '--warmup', '0', '--chunks', '2000', '--tools', '200', '--requestAt', '1100'],
      { cwd: root, encoding: 'utf8' },
    );
    const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as { updates?: number; posts?: number; answeredAfter?: number };
    assert.equal(result.updates, 2200, 'every update of the flood reached the session');
    assert.ok((result.posts ?? 0) > 0, 'the coalescer posted');
    assert.ok((result.answeredAfter ?? 0) > 0, 'the mid-flood request was answered');
  });
});
