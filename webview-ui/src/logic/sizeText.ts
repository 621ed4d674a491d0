// Sizes of text in the chat's words: "256 KB", "61.0 MB" (characters, counted as bytes; 1 KB = 1024).
export function sizeText(chars: number): string {
  if (chars < 1024 * 1024) return `${Math.max(1, Math.round(chars / 1024))} KB`;
  return `${(chars / (1024 * 1024)).toFixed(1)} MB`;
}

export function cutNoteText(keptChars: number, totalChars: number): string {
  return `Message cut at ${sizeText(keptChars)} (${sizeText(totalChars)} in all)`;
}

export function droppedNoteText(entries: number, chars: number): string {
  const what = entries === 1 ? '1 entry' : `${entries} entries`;
  return `Earlier messages were dropped from memory: ${what} (${sizeText(chars)})`;
}
