// The words the panel shows when an agent fails: what happened, then the last lines of its stderr, cut so that a
// flood (many lines, or one endless line) never makes a message of megabytes. Pure.

/** At most this many of the last stderr lines are shown. */
export const SHOWN_TAIL_LINES = 20;
/** A shown line longer than this (in characters) keeps its end only. */
export const SHOWN_LINE_CHARS = 400;
/** The shown tail never exceeds this many characters. */
export const SHOWN_TAIL_CHARS = 4000;

/** The tail as shown: its last lines, each cut to its end, the whole cut to its end; empty when there is none. */
export function shownStderrTail(tail: string): string {
  const lines = tail.replace(/\s+$/, '').split('\n').slice(-SHOWN_TAIL_LINES);
  const cut = lines.map((line) => (line.length > SHOWN_LINE_CHARS ? `…${line.slice(-SHOWN_LINE_CHARS)}` : line));
  let text = cut.join('\n').replace(/^\s*\n/, '');
  if (text.length > SHOWN_TAIL_CHARS) text = `…${text.slice(-SHOWN_TAIL_CHARS)}`;
  return text.trim() === '' ? '' : text;
}

/** `message`, followed by the shown stderr tail when there is one. */
export function failureMessage(message: string, stderrTail: string): string {
  const shown = shownStderrTail(stderrTail);
  return shown ? `${message}\n\nLast lines of its output:\n${shown}` : message;
}
