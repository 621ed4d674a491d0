// The hunks of a diff, line by line (old and new line numbers, +/− marks), cut after a number of lines: the rest
// is in VS Code's diff editor ("Open diff").
import type { DiffHunk, DiffLineKind } from '../../../src/shared/diff';

/** Lines drawn in a card at most; a longer diff says how many more there are. */
export const DIFF_DISPLAY_LINES = 200;

const MARK: Record<DiffLineKind, string> = { add: '+', del: '−', ctx: ' ' };

interface Row {
  kind: DiffLineKind | 'hunk';
  text: string;
  oldLine?: number;
  newLine?: number;
}

function rowsOf(hunks: readonly DiffHunk[], limit: number): { rows: Row[]; hidden: number } {
  const rows: Row[] = [];
  let hidden = 0;
  for (const hunk of hunks) {
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    if (rows.length < limit) rows.push({ kind: 'hunk', text: `@@ −${hunk.oldStart} +${hunk.newStart} @@` });
    for (const line of hunk.lines) {
      const row: Row = { kind: line.kind, text: line.text };
      if (line.kind !== 'add') row.oldLine = oldLine++;
      if (line.kind !== 'del') row.newLine = newLine++;
      if (rows.length < limit) rows.push(row);
      else hidden++;
    }
  }
  return { rows, hidden };
}

export function DiffHunks({ hunks }: { hunks: readonly DiffHunk[] }) {
  const { rows, hidden } = rowsOf(hunks, DIFF_DISPLAY_LINES);
  if (rows.length === 0) return <div class="block-label">No changes</div>;
  return (
    <div class="diff-hunks" role="table" aria-label="Changed lines">
      {rows.map((row, i) =>
        row.kind === 'hunk' ? (
          <div key={i} class="diff-line diff-line--hunk" role="row">
            <span role="cell">{row.text}</span>
          </div>
        ) : (
          <div key={i} class={`diff-line diff-line--${row.kind}`} role="row">
            <span class="diff-line__number" role="cell">{row.oldLine ?? ''}</span>
            <span class="diff-line__number" role="cell">{row.newLine ?? ''}</span>
            <span class="diff-line__mark" role="cell" aria-label={row.kind === 'add' ? 'added' : row.kind === 'del' ? 'removed' : undefined}>
              {MARK[row.kind]}
            </span>
            <span class="diff-line__text" role="cell">{row.text}</span>
          </div>
        ),
      )}
      {hidden > 0 ? <div class="diff-hunks__more block-label">{hidden === 1 ? '1 more line' : `${hidden} more lines`}: open the diff to see all</div> : null}
    </div>
  );
}
