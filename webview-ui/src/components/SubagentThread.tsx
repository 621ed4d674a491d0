// A subagent (a child session the agent runs for this one), drawn as a thread: a head that folds it (its title, its
// live state, how many of its requests wait for the user, Stop when the child can be cancelled alone, Open to see its
// transcript on its own), its description, and its transcript (messages, thoughts, plan, tool cards with their
// permission prompts, its questions asked in its name; above them, how many of its oldest entries left memory). The
// thread is open while the child works or waits for the user, folded once it is done.
// Fields the client does not model are shown under "Details", as they came.
import { useMemo } from 'preact/hooks';
import type { SubagentEntry } from '../../../src/shared/transcript/subagentModel';
import { canCancelSubagent, subagentLabel, subagentWorks } from '../../../src/shared/transcript/subagentModel';
import { workStateText } from '../../../src/shared/transcript/subagentExport';
import { domIdFor, useDisclosure } from '../disclosure';
import { useHost } from '../hostContext';
import { useSessionKey } from '../sessionKey';
import { EntryItem } from './EntryItem';
import { RawValue } from './RawValue';
import { DroppedNote } from './SpillNotes';
import { Icon } from '../ui/Icon';
import { ThreadChild, ThreadEntries, ThreadTitle } from '../subagents/subagentScope';

/** The state's look: a codicon and a tone class. */
function stateLook(entry: SubagentEntry): { icon: string; spin: boolean; tone: string } {
  if (entry.waiting > 0) return { icon: 'bell-dot', spin: false, tone: 'asking' };
  if (entry.cancelling) return { icon: 'loading', spin: true, tone: 'running' };
  if (entry.replayed && entry.state?.state !== 'idle') return { icon: 'history', spin: false, tone: 'unknown' };
  switch (entry.state?.state) {
    case 'running':
      return { icon: 'loading', spin: true, tone: 'running' };
    case 'requires_action':
      return { icon: 'bell-dot', spin: false, tone: 'asking' };
    case 'idle':
      if (entry.state.stopReason === 'error') return { icon: 'error', spin: false, tone: 'failed' };
      if (entry.state.stopReason && entry.state.stopReason !== 'end_turn') return { icon: 'circle-slash', spin: false, tone: 'stopped' };
      return { icon: 'check', spin: false, tone: 'done' };
    default:
      return { icon: 'hubot', spin: false, tone: 'unknown' };
  }
}

function isWorking(entry: SubagentEntry): boolean {
  return subagentWorks(entry);
}

function details(entry: SubagentEntry): Record<string, unknown> | undefined {
  const shown: Record<string, unknown> = { ...entry.extra };
  if (entry.meta) shown._meta = entry.meta;
  if (entry.state && Object.keys(entry.state.extra).length > 0) shown.state = entry.state.extra;
  if (entry.cwd) shown.cwd = entry.cwd;
  if (entry.additionalDirectories?.length) shown.additionalDirectories = entry.additionalDirectories;
  return Object.keys(shown).length > 0 ? shown : undefined;
}

export function SubagentThread({ entry }: { entry: SubagentEntry }) {
  const host = useHost();
  const sessionKey = useSessionKey();
  const look = stateLook(entry);
  const waiting = entry.waiting > 0;
  const [chosenOpen, toggle] = useDisclosure(`${entry.id}:thread`, isWorking(entry) || waiting || entry.state === undefined);
  // A request of the child's waiting for the user is never folded away.
  const open = chosenOpen || waiting;
  const bodyId = domIdFor(`${entry.id}:thread`);
  const label = subagentLabel(entry);
  const status = entry.waiting > 0 ? 'waiting for you' : workStateText(entry.state, entry.cancelling, entry.replayed);
  const byId = useMemo(() => new Map(entry.entries.map((item) => [item.id, item])), [entry.entries]);
  const extra = details(entry);
  const post = (type: 'cancelSubagent' | 'openSubagent'): void => {
    if (sessionKey) host.post({ type, childSessionId: entry.childSessionId, sessionKey });
  };
  return (
    <div
      class={`subagent subagent--${look.tone}${open ? ' is-open' : ''}`}
      data-entry-kind="subagent"
      data-entry-id={entry.id}
      data-child-session-id={entry.childSessionId}
      data-subagent-state={entry.state?.state ?? ''}
      data-waiting={entry.waiting}
    >
      <div class="subagent__head">
        <button type="button" class="subagent__toggle" aria-expanded={open} aria-controls={bodyId} aria-disabled={waiting} onClick={() => !waiting && toggle()}>
          <Icon name={open ? 'chevron-down' : 'chevron-right'} />
          <Icon name={look.icon} spin={look.spin} />
          <span class="subagent__names">
            <span class="subagent__title" title={label}>
              {label}
            </span>
            <span class="subagent__status" data-subagent-status={status}>
              {status}
            </span>
          </span>
        </button>
        {canCancelSubagent(entry) && isWorking(entry) && !entry.cancelling ? (
          <button type="button" class="subagent__action" data-action="cancel-subagent" title={`Stop ${label}`} aria-label={`Stop ${label}`} onClick={() => post('cancelSubagent')}>
            <Icon name="debug-stop" />
          </button>
        ) : null}
        <button type="button" class="subagent__action" data-action="open-subagent" title="Open its transcript" aria-label={`Open the transcript of ${label}`} onClick={() => post('openSubagent')}>
          <Icon name="go-to-file" />
        </button>
      </div>
      {open ? (
        <div id={bodyId} class="subagent__body">
          {entry.description && entry.title ? <div class="subagent__description">{entry.description}</div> : null}
          {sessionKey ? <DroppedNote sessionKey={sessionKey} dropped={entry.dropped} /> : null}
          {entry.entries.length === 0 ? <div class="subagent__empty">Nothing from it yet.</div> : null}
          <ThreadEntries.Provider value={byId}>
            <ThreadChild.Provider value={entry.childSessionId}>
              <ThreadTitle.Provider value={label}>
                {entry.entries.map((item, index) => (
                  <div class="subagent__row" key={item.id} data-row-key={item.id}>
                    <EntryItem entry={item} active={isWorking(entry) && index === entry.entries.length - 1} />
                  </div>
                ))}
              </ThreadTitle.Provider>
            </ThreadChild.Provider>
          </ThreadEntries.Provider>
          {extra ? <RawValue id={`${entry.id}:details`} label="Subagent details" value={extra} /> : null}
        </div>
      ) : null}
    </div>
  );
}
