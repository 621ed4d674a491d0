// What the host tells the composer: the prompt queue, file picker results, mentions added from the editor. Pure
// (no DOM), like the chat store beside it; mentions arrive as an inbox with sequence numbers so none is lost
// between two renders.
import type { FileHit, MentionRef, PromptQueueView } from '../../../src/shared/composerProtocol';
import type { HostToWebview } from '../../../src/shared/webviewProtocol';

export interface MentionDelivery {
  seq: number;
  mention: MentionRef;
}

export interface ComposerHostState {
  queue: PromptQueueView;
  fileResults: { requestId: number; files: FileHit[] } | null;
  /** The newest mentions added from the editor (a bounded list). */
  mentionInbox: readonly MentionDelivery[];
}

export const initialComposerHostState: ComposerHostState = {
  queue: { items: [], paused: false },
  fileResults: null,
  mentionInbox: [],
};

const INBOX_SIZE = 20;

export function applyComposerMessage(state: ComposerHostState, message: HostToWebview): ComposerHostState {
  switch (message.type) {
    case 'queue':
      return { ...state, queue: message.queue };
    case 'fileResults':
      return { ...state, fileResults: { requestId: message.requestId, files: message.files } };
    case 'addMention': {
      const seq = (state.mentionInbox[state.mentionInbox.length - 1]?.seq ?? 0) + 1;
      return { ...state, mentionInbox: [...state.mentionInbox, { seq, mention: message.mention }].slice(-INBOX_SIZE) };
    }
    default:
      return state;
  }
}

export class ComposerStore {
  private state: ComposerHostState = initialComposerHostState;
  /** The newest inbox mention the composer has taken (kept here, so a remounted composer does not take it again). */
  private takenSeq = 0;
  private readonly listeners = new Set<(state: ComposerHostState) => void>();

  getState(): ComposerHostState {
    return this.state;
  }

  apply(message: HostToWebview): void {
    const next = applyComposerMessage(this.state, message);
    if (next === this.state) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener(next);
  }

  /** The inbox mentions not taken yet, oldest first; they count as taken from now on. */
  takeMentions(): MentionRef[] {
    const fresh = this.state.mentionInbox.filter((delivery) => delivery.seq > this.takenSeq);
    if (fresh.length > 0) this.takenSeq = fresh[fresh.length - 1].seq;
    return fresh.map((delivery) => delivery.mention);
  }

  subscribe(listener: (state: ComposerHostState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
