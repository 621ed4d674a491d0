// How many lines a change added or removed, in words for screen readers: "1 line added", "3 lines removed".
export function linesWord(count: number, what: 'added' | 'removed'): string {
  return `${count} line${count === 1 ? '' : 's'} ${what}`;
}
