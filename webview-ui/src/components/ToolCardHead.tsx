// A tool call card's header line: chevron, kind icon, the headline ("Edited hello.js", "Ran `npm test`") whose verb
// and file name never get cut (only a long subject ends in an ellipsis), the +/- counts, a command's exit, "Undone",
// (instead of the counts, which no longer hold), and the status icon (its word shown for failures and unusual states; read out by screen readers always).
import type { ToolCallEntry } from '../../../src/shared/transcript/model';
import { withVisibleMarkers } from '../../../src/shared/text/visibleText';
import { commandExit, exitText, headlineText, type ToolHeadline } from '../logic/toolHeadline';
import { toolKindIcon, type StatusLook } from '../logic/toolStatus';
import type { TerminalView } from '../terminals/terminalStore';
import { Icon } from '../ui/Icon';
import { VisibleText } from '../ui/VisibleText';
import { linesWord } from '../../../src/shared/text/linesWord';

/** Tones whose status word stays on screen: the icon alone would not say enough. */
const WORDED_TONES = new Set(['failure', 'cancelled', 'unknown']);

interface ToolCardHeadProps {
  entry: ToolCallEntry;
  headline: ToolHeadline;
  look: StatusLook;
  open: boolean;
  asking: boolean;
  bodyId: string;
  terminal: TerminalView | undefined;
  onToggle(): void;
}

function tooltip(entry: ToolCallEntry, headline: ToolHeadline): string {
  const lines = [headlineText(headline)];
  if (headline.path) lines.push(headline.path);
  const title = entry.title.trim();
  if (title && !lines.includes(title)) lines.push(title);
  return withVisibleMarkers(lines.join('\n'));
}

export function ToolCardHead({ entry, headline, look, open, asking, bodyId, terminal, onToggle }: ToolCardHeadProps) {
  const kind = String(entry.toolKind);
  const exit = kind === 'execute' ? exitText(commandExit(entry.rawOutput, terminal?.exitStatus)) : undefined;
  // "exit 1" says the failure already: the status word would only take the room the command needs.
  const worded = WORDED_TONES.has(look.tone) && exit === undefined;
  return (
    <button
      type="button"
      class="tool-call__head"
      aria-expanded={open ? 'true' : 'false'}
      aria-controls={bodyId}
      aria-disabled={asking ? 'true' : undefined}
      data-action="toggle-tool-call"
      onClick={() => {
        if (!asking) onToggle();
      }}
    >
      <Icon name={open ? 'chevron-down' : 'chevron-right'} />
      <Icon name={toolKindIcon(kind)} />
      <span class="tool-call__title" title={tooltip(entry, headline)} data-headline>
        {headline.verb ? <span class="tool-call__verb">{headline.verb}</span> : null}
        <span class={`tool-call__subject${headline.command ? ' tool-call__subject--command' : ''}`}>
          <VisibleText text={headline.subject} />
        </span>
        {headline.more > 0 ? <span class="tool-call__more">+{headline.more} more</span> : null}
      </span>
      {headline.added !== undefined && !entry.undone ? (
        <span class="tool-call__stats" data-tool-stats>
          <span class="tool-diff__added" aria-label={linesWord(headline.added, 'added')}>
            +{headline.added}
          </span>
          <span class="tool-diff__removed" aria-label={linesWord(headline.removed ?? 0, 'removed')}>
            −{headline.removed ?? 0}
          </span>
        </span>
      ) : null}
      {exit ? (
        <span class="tool-call__exit" data-tool-exit>
          {exit}
        </span>
      ) : null}
      {entry.undone ? (
        <span class="tool-call__undone" data-tool-undone title="You undid this change">
          <Icon name="discard" />
          <span>Undone</span>
        </span>
      ) : null}
      <span class={`tool-call__status${worded ? '' : ' is-icon-only'}`} title={look.label}>
        <Icon name={look.icon} spin={look.spin} />
        <span class={worded ? undefined : 'visually-hidden'}>{look.label}</span>
      </span>
    </button>
  );
}
