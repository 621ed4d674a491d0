// What the host tells the composer: the prompt queue, file picker results, mentions added from the editor. Pure
// (no DOM), like the chat store beside it; mentions arrive as an inbox with sequence numbers so none is lost
// between two renders.
import type { FileHit, MentionRef, PromptParts, PromptQueueView } from '../../../src/shared/protocol/composerProtocol';
import type { HostToWebview } from '../../../src/shared/protocol/webviewProtocol';

export interface MentionDelivery {
  seq: number;
  mention: MentionRef;
}

/** The host's word on a prompt the composer sent: on screen (the draft may go), or refused and why (it stays). */
export interface PromptReceipt {
  promptId: number;
  accepted: boolean;
  message?: string;
}

/** A message put back into the composer ("Edit" of a failed message). */
export interface PutBack {
  seq: number;
  parts: PromptParts;
}

export interface ComposerHostState {
  queue: PromptQueueView;
  fileResults: { requestId: number; files: FileHit[] } | null;
  /** The newest mentions added from the editor (a bounded list). */
  mentionInbox: readonly MentionDelivery[];
  /** The newest receipt of a prompt. */
  receipt: PromptReceipt | null;
  /** The newest message put back into the composer. */
  putBack: PutBack | null;
}

export const initialComposerHostState: ComposerHostState = {
  queue: { items: [], paused: false },
  fileResults: null,
  mentionInbox: [],
  receipt: null,
  putBack: null,
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
    case 'promptAccepted':
      return { ...state, receipt: { promptId: message.promptId, accepted: true } };
    case 'promptRefused':
      return { ...state, receipt: { promptId: message.promptId, accepted: false, message: message.message } };
    default:
      return state;
  }
}

export class ComposerStore {
  private state: ComposerHostState = initialComposerHostState;
  /** The newest inbox mention the composer has taken (kept here, so a remounted composer does not take it again). */
  private takenSeq = 0;
  private lastPromptId = 0;
  private takenPutBack = 0;
  private readonly listeners = new Set<(state: ComposerHostState) => void>();

  getState(): ComposerHostState {
    return this.state;
  }

  apply(message: HostToWebview): void {
    const next = applyComposerMessage(this.state, message);
    if (next !== this.state) this.set(next);
  }

  private set(next: ComposerHostState): void {
    this.state = next;
    for (const listener of [...this.listeners]) listener(next);
  }

  /** The inbox mentions not taken yet, oldest first; they count as taken from now on. */
  takeMentions(): MentionRef[] {
    const fresh = this.state.mentionInbox.filter((delivery) => delivery.seq > this.takenSeq);
    if (fresh.length > 0) this.takenSeq = fresh[fresh.length - 1].seq;
    return fresh.map((delivery) => delivery.mention);
  }

  /** A fresh id for a prompt the composer sends (its receipt names it). */
  nextPromptId(): number {
    return ++this.lastPromptId;
  }

  /** Puts a message back into the composer (its draft takes it: see takePutBack). */
  putBack(parts: PromptParts): void {
    this.set({ ...this.state, putBack: { seq: (this.state.putBack?.seq ?? 0) + 1, parts } });
  }

  /** The message put back that the composer has not taken yet; it counts as taken from now on. */
  takePutBack(): PromptParts | undefined {
    const putBack = this.state.putBack;
    if (!putBack || putBack.seq <= this.takenPutBack) return undefined;
    this.takenPutBack = putBack.seq;
    return putBack.parts;
  }

  subscribe(listener: (state: ComposerHostState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
