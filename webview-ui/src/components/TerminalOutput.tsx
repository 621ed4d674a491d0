// The live output of a terminal inside its tool call card: its command line (when the host sent it), plain text (escape sequences removed) in a scrolling
// <pre> that follows the newest line while the user is at its bottom, and the command's state below it. Following
// scrolls from a ResizeObserver on the text (after the browser's layout), never by reading layout after a render.
// Nothing is drawn when the host has no output for the terminal (e.g. a terminal this client did not create and the
// agent reported nothing about). The same pane shows the output of commands agents run themselves (their `_meta`
// output, streamed by the host like ours) and output an agent put only in a tool call's raw output.
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { useTerminalView } from '../terminals/terminalContext';
import { terminalStatus, type TerminalStatusLook } from '../terminals/terminalStatus';
import type { TerminalView } from '../terminals/terminalStore';
import { terminalDisplayText } from '../terminals/terminalText';
import { Icon } from '../ui/Icon';

/** How close to the bottom (px) still counts as "at the bottom". */
const SLACK_PX = 8;

export function TerminalOutput({ terminalId }: { terminalId: string }) {
  const view = useTerminalView(terminalId);
  if (!view) return null;
  return <TerminalPane id={terminalId} view={view} status={terminalStatus(view.exitStatus, view.agentState)} />;
}

interface TerminalPaneProps {
  /** The terminal id (or, for raw output, the tool call's): for tests and screen readers' navigation. */
  id: string;
  view: Pick<TerminalView, 'text' | 'truncated' | 'command' | 'exitStatus'>;
  status: TerminalStatusLook;
}

export function TerminalPane({ id, view, status }: TerminalPaneProps) {
  const text = useMemo(() => terminalDisplayText(view.text), [view.text]);
  const pre = useRef<HTMLPreElement>(null);
  const lines = useRef<HTMLSpanElement>(null);
  const stuck = useRef(true);
  /** The next scroll event is the echo of our own scroll: nothing to read (style may be dirty by then). */
  const ownScroll = useRef(false);
  const hasText = text !== '';

  useEffect(() => {
    const element = pre.current;
    const content = lines.current;
    if (!element || !content) return undefined;
    const observer = new ResizeObserver(() => {
      if (!stuck.current) return;
      element.scrollTop = element.scrollHeight;
      ownScroll.current = true;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [hasText]);

  const onScroll = (): void => {
    if (ownScroll.current) {
      ownScroll.current = false;
      return;
    }
    const element = pre.current;
    if (element) stuck.current = element.scrollHeight - element.scrollTop - element.clientHeight <= SLACK_PX;
  };
  return (
    <div class="terminal-output" data-terminal-output={id} data-terminal-state={view.exitStatus ? 'exited' : status.tone === 'running' ? 'running' : 'ended'}>
      {view.command ? (
        <div class="terminal-output__command" data-terminal-command title={view.command}>
          <span class="terminal-output__prompt" aria-hidden="true">
            $
          </span>
          <span>{view.command}</span>
        </div>
      ) : null}
      {text ? (
        <pre ref={pre} class="terminal-output__text" tabIndex={0} onScroll={onScroll}>
          <span ref={lines} class="terminal-output__lines">
            {view.truncated ? <span class="terminal-output__note">[earlier output not shown]{'\n'}</span> : null}
            {text}
          </span>
        </pre>
      ) : null}
      <div class={`terminal-output__status terminal-output__status--${status.tone}`} data-terminal-status>
        <Icon name={status.icon} spin={status.tone === 'running'} />
        <span>{status.text}</span>
      </div>
    </div>
  );
}
