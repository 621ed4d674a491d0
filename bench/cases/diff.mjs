// Diff engine: 1k, 10k and 100k lines with 1%, 10%, every line and the line order changed; the block of the
// calling thread and the total time, against splitting the texts into lines (measured in its own process by
// diff-measure.mjs).
import { scriptCase } from '../lib/scriptCase.mjs';

export const { name, title, run } = scriptCase({ name: 'diff', title: 'Diff engine: 1k/10k/100k lines, 1%/10%/rewrite/reordered', script: 'cases/diff-measure.mjs' });
