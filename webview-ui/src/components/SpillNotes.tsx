// The notes of text the host keeps outside memory (src/shared/transcript/transcriptCaps.ts): under a message cut at its cap,
// "Message cut at 256 KB (61.0 MB in all)" with "Open full message"; above the first entry of a transcript whose
// oldest entries were dropped, how many, with "Open earlier messages". Both ask the host to open a read-only editor.
import type { DroppedEntries, EntryCut } from '../../../src/shared/transcript/model';
import type { SessionKey } from '../../../src/shared/sessionKey';
import { useHost } from '../hostContext';
import { useSessionKey } from '../sessionKey';
import { cutNoteText, droppedNoteText } from '../logic/sizeText';
import { Icon } from '../ui/Icon';
import { useContext } from 'preact/hooks';
import { childEntryKey } from '../../../src/shared/transcript/subagentModel';
import { ThreadChild } from '../subagents/subagentScope';

export function CutNote({ entryId, cut }: { entryId: string; cut: EntryCut | undefined }) {
  const host = useHost();
  const sessionKey = useSessionKey();
  // In a subagent's thread, the message is the child's: its text is kept under the child's key.
  const child = useContext(ThreadChild);
  if (!cut) return null;
  const key = child === undefined ? entryId : childEntryKey(child, entryId);
  return (
    <div class="spill-note" data-cut-note data-message-key={key} data-kept-chars={cut.keptChars} data-total-chars={cut.totalChars}>
      <Icon name="fold" />
      <span>{cutNoteText(cut.keptChars, cut.totalChars)}</span>
      <button
        type="button"
        class="link-button"
        data-action="open-full-message"
        disabled={!sessionKey}
        onClick={() => sessionKey && host.post({ type: 'openFullMessage', sessionKey, entryId: key })}
      >
        Open full message
      </button>
    </div>
  );
}

export function DroppedNote({ sessionKey, dropped }: { sessionKey: SessionKey; dropped: DroppedEntries | undefined }) {
  const host = useHost();
  if (!dropped) return null;
  return (
    <div class="spill-note spill-note--dropped" data-dropped-note data-dropped-entries={dropped.entries}>
      <Icon name="history" />
      <span>{droppedNoteText(dropped.entries, dropped.chars)}</span>
      <button type="button" class="link-button" data-action="open-earlier-messages" onClick={() => host.post({ type: 'openEarlierMessages', sessionKey })}>
        Open earlier messages
      </button>
    </div>
  );
}
