// The header's permission level toggle: ask for everything / allow reads / allow edits in the workspace. The
// choice goes to the host (user settings); the control shows the level the host says is in force.
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { LEVEL_LABELS, POLICY_LEVELS, isPolicyLevel } from '../../../src/shared/permissionLevels';
import { useHost } from '../hostContext';
import type { PermissionLevelStore } from './levelStore';

export const PermissionLevelContext = createContext<PermissionLevelStore | null>(null);

const SHORT_LABELS = { ask: 'Ask all', allowReads: 'Allow reads', allowWorkspaceEdits: 'Allow edits' } as const;

export function PermissionLevelPicker() {
  const store = useContext(PermissionLevelContext);
  const host = useHost();
  const [state, setState] = useState(() => store?.level);
  useEffect(() => {
    if (!store) return undefined;
    setState(store.level);
    return store.subscribe(() => setState(store.level));
  }, [store]);
  if (!state) return null;
  const limited = state.chosen !== state.level;
  // Above "ask", some tool calls run without a question: the control says so in the warning colour, with a shield.
  const raised = state.level !== 'ask';
  const title = limited
    ? `Permissions: ${LEVEL_LABELS[state.level]} (this workspace lowers your choice: ${LEVEL_LABELS[state.chosen]})`
    : `Permissions: ${LEVEL_LABELS[state.level]}${raised ? ': these run without asking you' : ''}`;
  return (
    <select
      class="picker-select permission-level"
      aria-label="Permission level"
      title={title}
      data-action="permission-level"
      data-level={state.level}
      data-limited={limited ? 'true' : undefined}
      data-raised={raised ? 'true' : undefined}
      value={state.level}
      onChange={(event) => {
        const level = (event.currentTarget as HTMLSelectElement).value;
        if (isPolicyLevel(level)) host.post({ type: 'setPermissionLevel', level });
      }}
    >
      {POLICY_LEVELS.map((level) => (
        <option key={level} value={level} title={LEVEL_LABELS[level]}>
          {level === 'ask' ? SHORT_LABELS[level] : `⚠ ${SHORT_LABELS[level]}`}
        </option>
      ))}
    </select>
  );
}
