// A first guess at an entry's height (px) before it is rendered and measured: it sizes the spacers of the
// virtualized transcript, so the scrollbar is roughly right for entries never seen. Pure and cheap.
import type { TranscriptEntry } from '../../../src/shared/transcript/model';

const LINE_PX = 19;
const ROW_GAP_PX = 10;
/** Characters per line in a side panel of usual width. */
const CHARS_PER_LINE = 45;
const MAX_ESTIMATE_PX = 1200;

function textLength(content: readonly unknown[]): { chars: number; newlines: number } {
  let chars = 0;
  let newlines = 0;
  for (const block of content) {
    const text = (block as { text?: unknown }).text;
    if (typeof text !== 'string') continue;
    chars += text.length;
    for (let at = text.indexOf('\n'); at >= 0 && newlines < 100; at = text.indexOf('\n', at + 1)) newlines++;
  }
  return { chars, newlines };
}

function textHeight(content: readonly unknown[], padding: number): number {
  const { chars, newlines } = textLength(content);
  const lines = Math.max(1, Math.ceil(chars / CHARS_PER_LINE) + newlines);
  return Math.min(MAX_ESTIMATE_PX, padding + lines * LINE_PX);
}

export function estimateEntryHeight(entry: TranscriptEntry): number {
  switch (entry.kind) {
    case 'user':
      return textHeight(entry.content, 14) + ROW_GAP_PX;
    case 'agent':
      return textHeight(entry.content, 8) + ROW_GAP_PX;
    case 'thought':
      return 22 + ROW_GAP_PX;
    case 'tool_call':
      return (entry.status === 'completed' || entry.status === 'cancelled' ? 36 : 90) + ROW_GAP_PX;
    case 'notice':
      return 32 + ROW_GAP_PX;
    default:
      return 40 + ROW_GAP_PX;
  }
}
