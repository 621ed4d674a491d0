// What a Markdown plan's card is called on its one line: its first heading, else its first line of text, else the
// name of its file. Markdown marks are taken off; the line is cut at a length the card can show.
const MAX_TITLE = 120;

function plain(line: string): string {
  return line
    .replace(/^#{1,6}\s+/, '')
    .replace(/\s+#+\s*$/, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/[*_`]+/g, '')
    .trim();
}

export function markdownPlanTitle(content: string, path?: string): string {
  const lines = content.split(/\r?\n/);
  const heading = lines.find((line) => /^#{1,6}\s+\S/.test(line));
  const first = heading ?? lines.find((line) => line.trim() !== '');
  const title = first === undefined ? '' : plain(first);
  if (title !== '') return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title;
  return path?.split(/[\\/]/).filter(Boolean).pop() ?? '';
}
