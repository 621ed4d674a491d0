// A terminal's output: raw bytes in a ring, decoded only when someone reads. Two readers:
// - the agent (`terminal/output`): the last `outputByteLimit` bytes, cut at a character boundary, plus `truncated`;
// - live views (the chat card, the VS Code terminal): a cursor that reads what arrived since its last read, and
//   jumps ahead (reporting how much it skipped) when more than it wants arrived in between.
// While the command runs, an unfinished character at the very end is held back (the rest of it is on its way).
import { ByteRing } from './byteRing';
import { boundaryAfter, incompleteTail } from './utf8';

export interface AgentOutput {
  output: string;
  truncated: boolean;
}

export interface CursorRead {
  text: string;
  /** Bytes between the previous read and `text` that are not shown (trimmed or too many); 0 when contiguous. */
  skipped: number;
}

export class TerminalOutput {
  private ring: ByteRing;
  private finished = false;

  /**
   * @param limit the agent's `outputByteLimit`
   * @param retain how many bytes live views may read back (the ring holds the larger of the two)
   */
  constructor(
    readonly limit: number,
    retain: number,
  ) {
    this.ring = new ByteRing(Math.max(limit, retain));
  }

  get written(): number {
    return this.ring.written;
  }

  write(chunk: Uint8Array): void {
    this.ring.write(chunk);
  }

  /** No more output will come: an unfinished character at the end is shown as it is (U+FFFD). */
  finish(): void {
    this.finished = true;
  }

  /** What `terminal/output` answers: at most `limit` bytes, starting on a character boundary. */
  forAgent(): AgentOutput {
    const end = this.readableEnd();
    const kept = Math.min(this.limit, end - this.ring.start);
    const from = end - kept;
    return { output: this.decode(from, end, from > 0), truncated: from > 0 };
  }

  /**
   * Text from absolute offset `from` (a character boundary, e.g. a previous `end`) to the end of what is readable, at
   * most about `maxBytes` of it: older bytes are skipped. Returns the text, how much was skipped, and the new end.
   */
  readFrom(from: number, maxBytes: number): CursorRead & { end: number } {
    const end = this.readableEnd();
    const start = Math.min(end, Math.max(from, this.ring.start, end - maxBytes));
    const jumped = start > from;
    return { text: this.decode(start, end, jumped), skipped: Math.max(0, start - from), end };
  }

  /** Keep only the newest `retain` bytes (the command is over and only live views still read). */
  shrink(retain: number): void {
    this.ring = this.ring.shrunk(retain);
  }

  /** The end of complete characters: while running, an unfinished character at the end waits for its rest. */
  private readableEnd(): number {
    const ring = this.ring;
    const end = ring.written;
    if (this.finished || end === ring.start) return end;
    const from = Math.max(ring.start, end - 3);
    const lastBytes = ring.copy(from, end);
    return end - incompleteTail(lastBytes, 0, lastBytes.length);
  }

  /** Decodes [from, end); `cut` says `from` may be inside a character, whose rest is then skipped. */
  private decode(from: number, end: number, cut: boolean): string {
    if (end <= from) return '';
    const bytes = this.ring.copy(from, end);
    return bytes.toString('utf8', cut ? boundaryAfter(bytes, 0) : 0);
  }
}
