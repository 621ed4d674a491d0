// "Restore checkpoint" under a user message that has one: the files changed since then go back to how they were
// before it. A click asks the host for the plan (which files change, and how) and shows it with Restore and Cancel;
// nothing is written before Restore.
import { useEffect, useRef, useState } from 'preact/hooks';
import { restoreTitle, type RestoreFileView } from '../../../src/shared/protocol/checkpointProtocol';
import { useHost } from '../hostContext';
import { useSessionKey } from '../sessionKey';
import { Icon } from '../ui/Icon';
import { useCheckpoints } from './checkpointContext';

const ACTION_WORD: Record<RestoreFileView['action'], string> = { restore: 'restored', recreate: 'brought back', delete: 'deleted' };
const ACTION_ICON: Record<RestoreFileView['action'], string> = { restore: 'diff-modified', recreate: 'diff-added', delete: 'diff-removed' };

export function RestoreCheckpoint({ entryId }: { entryId: string }) {
  const host = useHost();
  const sessionKey = useSessionKey();
  const store = useCheckpoints();
  const [asked, setAsked] = useState(false);
  const link = store?.link(sessionKey, entryId);
  const plan = asked ? store?.plan(sessionKey, entryId) : undefined;
  const planBox = useRef<HTMLDivElement>(null);
  // The plan opens under the message at once (the files come a moment later) and is brought into view whole. The
  // scroll is the user's doing (they asked for the plan): a wheel-up intent tells the transcript so, else it would go
  // back to following its end and push the plan out of view.
  useEffect(() => {
    const box = planBox.current;
    if (!asked || !box) return;
    box.dispatchEvent(new WheelEvent('wheel', { deltaY: -1, bubbles: true }));
    box.scrollIntoView({ block: 'nearest' });
  }, [asked, plan]);
  if (!link || !sessionKey) return null;
  const close = (): void => {
    setAsked(false);
    store?.dismissPlan(entryId);
  };
  return (
    <div class="checkpoint" data-checkpoint={link.turn}>
      {asked ? null : (
        <button
          type="button"
          class="checkpoint__restore"
          data-action="restore-checkpoint"
          title={restoreTitle(link.files)}
          onClick={() => {
            setAsked(true);
            host.post({ type: 'planRestore', sessionKey, entryId });
          }}
        >
          <Icon name="discard" />
          <span>Restore checkpoint</span>
        </button>
      )}
      {asked && !plan ? (
        <div class="checkpoint__plan" role="status" aria-busy="true" ref={planBox}>
          <Icon name="loading" spin /> Checking which files change…
        </div>
      ) : null}
      {plan ? (
        <div class="checkpoint__plan" role="group" aria-label="Restore checkpoint" data-restore-plan ref={planBox}>
          {plan.error ? (
            <p class="checkpoint__question">{plan.error}</p>
          ) : (
            <>
              <p class="checkpoint__question">
                Put {plan.files.length === 1 ? 'this file' : `these ${plan.files.length} files`} back as they were before this message?
              </p>
              <ul class="checkpoint__files">
                {plan.files.map((file) => (
                  <li key={file.path} class="checkpoint__file" data-restore-file={file.name} data-restore-action={file.action}>
                    <span class={`changes__status changes__status--${file.action === 'delete' ? 'deleted' : file.action === 'recreate' ? 'created' : 'modified'}`}>
                      <Icon name={ACTION_ICON[file.action]} />
                    </span>
                    <span class="checkpoint__name">{file.name}</span>
                    {file.folder ? <span class="checkpoint__folder">{file.folder}</span> : null}
                    <span class="checkpoint__action">{ACTION_WORD[file.action]}</span>
                  </li>
                ))}
              </ul>
              {plan.unknown.length > 0 ? <p class="checkpoint__note">Left as they are (earlier text not recorded): {plan.unknown.join(', ')}</p> : null}
            </>
          )}
          <div class="checkpoint__buttons">
            {plan.error ? null : (
              <button
                type="button"
                class="button"
                data-action="confirm-restore"
                onClick={() => {
                  close();
                  host.post({ type: 'restoreCheckpoint', sessionKey, entryId });
                }}
              >
                Restore
              </button>
            )}
            <button type="button" class="button button--secondary" data-action="cancel-restore" onClick={close}>
              {plan.error ? 'Close' : 'Cancel'}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
