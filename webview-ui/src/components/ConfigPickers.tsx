// The session's mode and config options as compact controls in the composer's toolbar: a <select> per select
// option, a switch per boolean option. A change goes to the agent; the control shows the session's value
// (`data-current`) once the agent has taken it.
import type { SessionHeader } from '../../../src/shared/transcript/model';
import { MODE_PICKER_ID, sessionPickers, type Picker, type PickerChoice } from '../../../src/shared/configPickers';
import { useHost } from '../hostContext';
import { useSessionKey } from '../sessionKey';

function groupsOf(choices: readonly PickerChoice[]): { group: string | undefined; choices: PickerChoice[] }[] {
  const groups: { group: string | undefined; choices: PickerChoice[] }[] = [];
  for (const choice of choices) {
    const last = groups[groups.length - 1];
    if (last && last.group === choice.group) last.choices.push(choice);
    else groups.push({ group: choice.group, choices: [choice] });
  }
  return groups;
}

function Options({ choices }: { choices: readonly PickerChoice[] }) {
  return (
    <>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value} title={choice.description}>
          {choice.name}
        </option>
      ))}
    </>
  );
}

function PickerControl({ picker }: { picker: Picker }) {
  const host = useHost();
  const sessionKey = useSessionKey();
  const change = (value: string | boolean): void => {
    if (!sessionKey) return;
    if (picker.id === MODE_PICKER_ID && typeof value === 'string') host.post({ type: 'setMode', modeId: value, sessionKey });
    else host.post({ type: 'setConfigOption', configId: picker.id, value, sessionKey });
  };
  const title = picker.description ? `${picker.label}: ${picker.description}` : picker.label;
  if (picker.kind === 'boolean') {
    return (
      <button
        type="button"
        role="switch"
        class="picker-switch"
        aria-checked={picker.value ? 'true' : 'false'}
        data-config-id={picker.id}
        data-current={String(picker.value)}
        title={title}
        onClick={() => change(!picker.value)}
      >
        <span class="picker-switch__track" aria-hidden="true" />
        <span>{picker.label}</span>
      </button>
    );
  }
  const known = picker.choices.some((c) => c.value === picker.value);
  return (
    <select
      class="picker-select"
      aria-label={picker.label}
      title={title}
      data-config-id={picker.id}
      data-category={picker.category || undefined}
      data-current={picker.value}
      value={picker.value}
      onChange={(event) => change(event.currentTarget.value)}
    >
      {known ? null : <option value={picker.value}>{picker.value}</option>}
      {groupsOf(picker.choices).map(({ group, choices }, index) =>
        group ? (
          <optgroup key={`${group}-${index}`} label={group}>
            <Options choices={choices} />
          </optgroup>
        ) : (
          <Options key={`-${index}`} choices={choices} />
        ),
      )}
    </select>
  );
}

export function ConfigPickers({ header }: { header: SessionHeader | undefined }) {
  const pickers = header ? sessionPickers(header) : [];
  if (pickers.length === 0) return null;
  return (
    <div class="pickers" role="group" aria-label="Session settings">
      {pickers.map((picker) => (
        <PickerControl key={picker.id} picker={picker} />
      ))}
    </div>
  );
}
