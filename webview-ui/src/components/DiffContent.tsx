// A diff content item: the file (click opens it), +/− counts, "Open diff" (VS Code's diff editor, through the
// host), "Review inline" (the file in an editor with the agent's changes to keep or undo), and the hunks, computed under the card's caps (logic/diffHunks.ts); past the caps, a summary instead of hunks.
import type { OpenToolCallContent } from '../../../src/shared/acp';
import { useHost } from '../hostContext';
import type { DiffResult } from '../../../src/shared/diff';
import { itemDiff } from '../logic/diffHunks';
import { DiffHunks } from './DiffHunks';
import { Icon } from '../ui/Icon';
import { DiffPathLink } from './DiffPathLink';
import { useSessionKey } from '../sessionKey';
import { linesWord } from '../../../src/shared/text/linesWord';


interface DiffContentProps {
  item: OpenToolCallContent;
  toolCallId: string;
  index: number;
  path: string;
  oldText: string | undefined;
  newText: string;
  /** Cheap counts (no alignment), shown when the diff is too large to compute. */
  roughAdded: number;
  roughRemoved: number;
  /** Name the file and its counts (false when the card's header does already). */
  showPath?: boolean;
}

function Summary({ result }: { result: Extract<DiffResult, { kind: 'tooLarge' }> }) {
  const why = result.reason === 'size' ? 'too large to show here' : 'too many changes to show here';
  return (
    <div class="tool-diff__summary block-label" data-diff-summary={result.reason}>
      {`Diff ${why} (${result.oldLineCount} → ${result.newLineCount} lines): open the diff to review it.`}
    </div>
  );
}

export function DiffContent(props: DiffContentProps) {
  const host = useHost();
  const sessionKey = useSessionKey();
  const { item, toolCallId, index, path, oldText, newText, showPath = true } = props;
  const result = itemDiff(item, oldText, newText);
  const added = result.kind === 'hunks' ? result.added : (result.added ?? props.roughAdded);
  const removed = result.kind === 'hunks' ? result.removed : (result.removed ?? props.roughRemoved);
  return (
    <li class="tool-content tool-content--diff" data-content-type="diff" data-diff-added={added} data-diff-removed={removed}>
      <div class="tool-diff__head">
        {showPath ? (
          <>
            <Icon name="diff" />
            <DiffPathLink path={path} />
            {oldText === undefined ? <span class="tool-diff__new">new</span> : null}
            <span class="tool-diff__added" aria-label={linesWord(added, 'added')}>
              +{added}
            </span>
            <span class="tool-diff__removed" aria-label={linesWord(removed, 'removed')}>
              −{removed}
            </span>
          </>
        ) : null}
        <span class="tool-diff__actions">
        <button
          type="button"
          class="button button--neutral tool-diff__open"
          data-action="open-diff"
          onClick={() => sessionKey && host.post({ type: 'openDiff', toolCallId, index, sessionKey })}
        >
          <Icon name="diff-multiple" />
          <span>Open diff</span>
        </button>
        <button
          type="button"
          class="button button--neutral tool-diff__open"
          data-action="review-inline"
          title="Open the file with the agent's changes marked, to keep or undo each one"
          onClick={() => sessionKey && host.post({ type: 'reviewInline', toolCallId, index, sessionKey })}
        >
          <Icon name="edit" />
          <span>Review inline</span>
        </button>
        </span>
      </div>
      {result.kind === 'hunks' ? <DiffHunks hunks={result.hunks} /> : <Summary result={result} />}
    </li>
  );
}
