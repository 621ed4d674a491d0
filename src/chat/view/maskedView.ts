// The transcript and header as the chat view gets them: every secret masked (secretText.ts), so the chat as drawn
// never shows one (a shared screen), while the session keeps the real text (the agent, the review and the policy work
// with it). Every entry posted to the view passes here: snapshots, new entries, deltas, older pages, resends.
//
// A streamed message costs what it grew by: each of its text blocks has a MaskedStream, and the view's copy of the
// block is kept and grown in place, so the coalescer's delta (entryDelta.ts) is the masked text appended. When a chunk
// completes a secret whose beginning the view already has, the block's copy is replaced (a new object): the delta
// then carries the message's content whole, and the view never draws the whole secret. While nothing in a block was
// masked, its copy shares the session's string (no second copy of the text in memory).
// Other entries (tool calls, notices, plans...) are masked whole each time they change; a value with nothing to mask
// is posted as the session has it. Pure: no `vscode`.
import type { ContentBlock } from '../../shared/acp';
import { MaskedStream } from '../../shared/text/maskedStream';
import type { EntryId, SessionHeader, TranscriptEntry } from '../../shared/transcript/model';
import { isRecord } from '../../shared/text/narrow';
import { ADDRESS_KEYS } from '../../shared/transcript/entrySecrets';
import { maskText, maskValue, type SecretRules } from '../../shared/text/secretText';
import type { ViewCopies } from './patchCoalescer';

const MESSAGE_KINDS = new Set(['user', 'agent', 'thought']);

/** A text block as the view has it, and how its text was masked so far. */
interface MaskedBlock {
  source: ContentBlock;
  /** The raw text's length and last characters when it was last masked (to tell that it only grew since). */
  length: number;
  tail: string;
  stream: MaskedStream;
  view: ContentBlock & { text: string };
}

/** A message's content as the view has it: the same array and block objects while they only grow. */
interface MaskedContent {
  rules: SecretRules;
  source: readonly ContentBlock[];
  view: ContentBlock[];
  blocks: Array<MaskedBlock | { source: ContentBlock; view: ContentBlock }>;
}

const TAIL_CHECK_CHARS = 16;

export class MaskedView implements ViewCopies {
  private readonly messages = new Map<EntryId, MaskedContent>();
  /** Subagents' transcripts, one MaskedView each (their entries' ids are their own). */
  private readonly children = new Map<EntryId, MaskedView>();

  constructor(private readonly rules: () => SecretRules) {}

  /** The entry as the view gets it. */
  entry(entry: TranscriptEntry): TranscriptEntry {
    const rules = this.rules();
    if (MESSAGE_KINDS.has(entry.kind) && 'content' in entry && Array.isArray(entry.content)) {
      return { ...entry, content: this.messageContent(entry.id, entry.content as ContentBlock[], rules) } as TranscriptEntry;
    }
    if (entry.kind === 'subagent') {
      let child = this.children.get(entry.id);
      if (!child) this.children.set(entry.id, (child = new MaskedView(this.rules)));
      const { entries, ...rest } = entry;
      const masked = maskValue(rest, rules, ADDRESS_KEYS);
      const viewEntries = child.list(entries);
      return masked === rest && viewEntries === entries ? entry : ({ ...masked, entries: viewEntries } as TranscriptEntry);
    }
    return maskValue(entry, rules, ADDRESS_KEYS);
  }

  /** A list of entries as the view gets it (the same array when nothing in it is masked). */
  list(entries: readonly TranscriptEntry[]): TranscriptEntry[] {
    let copy: TranscriptEntry[] | undefined;
    entries.forEach((entry, index) => {
      const masked = this.entry(entry);
      if (masked !== entry) (copy ??= entries.slice())[index] = masked;
    });
    return copy ?? (entries as TranscriptEntry[]);
  }

  /** Entries as the view gets them, masked whole, with nothing kept for their later deltas (an older page). */
  detached(entries: readonly TranscriptEntry[]): TranscriptEntry[] {
    const rules = this.rules();
    return entries.map((entry) => maskValue(entry, rules, ADDRESS_KEYS));
  }

  /** The header as the view gets it: its title and plans masked. */
  header(header: SessionHeader): SessionHeader {
    const rules = this.rules();
    const title = header.title === undefined ? undefined : maskText(header.title, rules);
    const plan = maskValue(header.plan, rules, ADDRESS_KEYS);
    const plans = maskValue(header.plans, rules, ADDRESS_KEYS);
    if (title === header.title && plan === header.plan && plans === header.plans) return header;
    return { ...header, ...(title === undefined ? {} : { title }), plan, ...(plans === undefined ? {} : { plans }) };
  }

  /** The view no longer has these entries (dropped, forgotten): their copies go. */
  forget(id: EntryId): void {
    this.messages.delete(id);
    this.children.delete(id);
  }

  /** The view is about to get everything again (another session, a snapshot). */
  reset(): void {
    this.messages.clear();
    this.children.clear();
  }

  /**
   * A message's content for the view. Text blocks are masked as they grow; the array and its blocks stay the same
   * objects while the session's only grow, so the view gets the masked text appended.
   */
  private messageContent(id: EntryId, source: ContentBlock[], rules: SecretRules): ContentBlock[] {
    let masked = this.messages.get(id);
    if (!masked || masked.rules !== rules || masked.source !== source || source.length < masked.blocks.length) {
      masked = { rules, source, view: [], blocks: [] };
      this.messages.set(id, masked);
    }
    source.forEach((block, index) => {
      const next = this.block(masked.blocks[index], block, rules);
      masked.blocks[index] = next;
      masked.view[index] = next.view;
    });
    return masked.view;
  }

  private block(known: MaskedContent['blocks'][number] | undefined, block: ContentBlock, rules: SecretRules): MaskedContent['blocks'][number] {
    if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string') {
      return known?.source === block ? known : { source: block, view: maskValue(block, rules, ADDRESS_KEYS) };
    }
    const text = block.text;
    if (known && 'stream' in known && known.source === block && grewFrom(known, text)) {
      if (text.length === known.length) return known;
      const growth = known.stream.grow(text);
      known.length = text.length;
      known.tail = text.slice(-TAIL_CHECK_CHARS);
      if (known.stream.clean) known.view.text = text;
      else if (growth.kind === 'append') known.view.text += growth.text;
      else return { ...known, view: { ...known.view, text: known.view.text.slice(0, growth.keep) + growth.text } };
      return known;
    }
    const stream = new MaskedStream(rules);
    const growth = stream.grow(text);
    return {
      source: block,
      length: text.length,
      tail: text.slice(-TAIL_CHECK_CHARS),
      stream,
      view: { ...block, text: growth.text },
    };
  }
}

/** The block's text only grew since it was masked (chunks append to it in place). */
function grewFrom(known: MaskedBlock, text: string): boolean {
  return text.length >= known.length && text.startsWith(known.tail, known.length - known.tail.length);
}
