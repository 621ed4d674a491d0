// The composer's draft: text, the @-mentions made in it and attached images. Text and mentions survive the view
// being hidden or reloaded (view state); images do not (they can be megabytes).
import { useEffect, useState } from 'preact/hooks';
import type { ImageAttachment, MentionRef } from '../../../src/shared/protocol/composerProtocol';
import type { HostBridge } from '../vscodeApi';

export interface DraftImage extends ImageAttachment {
  /** Local key for the thumbnail list. */
  id: string;
}

export interface Draft {
  text: string;
  mentions: MentionRef[];
  images: DraftImage[];
}

export function useDraft(host: HostBridge): [Draft, (update: (draft: Draft) => Draft) => void] {
  const [draft, setDraft] = useState<Draft>(() => {
    const saved = host.getViewState();
    return { text: saved.draft, mentions: saved.mentions ?? [], images: [] };
  });
  useEffect(() => {
    const saved = { ...host.getViewState(), draft: draft.text };
    if (draft.mentions.length > 0) saved.mentions = draft.mentions;
    else delete saved.mentions;
    host.setViewState(saved);
  }, [host, draft.text, draft.mentions]);
  return [draft, setDraft];
}
