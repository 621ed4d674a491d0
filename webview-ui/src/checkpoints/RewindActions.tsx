// The rewind marker's action: Undo Restore, while the restore it tells of is the latest and not undone.
import type { NoticeEntry } from '../../../src/shared/transcript/model';
import { useHost } from '../hostContext';
import { useSessionKey } from '../sessionKey';
import { Icon } from '../ui/Icon';

export function RewindActions({ entry }: { entry: NoticeEntry }) {
  const host = useHost();
  const sessionKey = useSessionKey();
  if (!entry.rewind || entry.rewind.closed || !sessionKey) return null;
  return (
    <div class="rewind__actions">
      <button type="button" class="button button--secondary" data-action="undo-restore" onClick={() => host.post({ type: 'undoRestore', sessionKey, entryId: entry.id })}>
        <Icon name="redo" /> Undo Restore
      </button>
    </div>
  );
}
