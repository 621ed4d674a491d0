// The composer toolbar's pickers: the session's config options (select and boolean) in category order (mode, model,
// model_config, thought_level, then the rest, the agent's order within each), or, when the agent sends no config
// options, its modes. Options of a type we do not know are left out (the agent keeps its default). Pure.
import type { SessionConfigOption, SessionMode } from './acp';
import { isRecord } from './text/narrow';

export interface PickerChoice {
  value: string;
  name: string;
  description?: string;
  /** The group's name when the agent grouped the values. */
  group?: string;
}

interface PickerBase {
  /** The config option's id; for the mode picker, `MODE_PICKER_ID`. */
  id: string;
  label: string;
  description?: string;
  category: string;
}

export interface SelectPicker extends PickerBase {
  kind: 'select';
  value: string;
  choices: PickerChoice[];
}

export interface BooleanPicker extends PickerBase {
  kind: 'boolean';
  value: boolean;
}

export type Picker = SelectPicker | BooleanPicker;

export const MODE_PICKER_ID = '(mode)';

const CATEGORY_ORDER = ['mode', 'model', 'model_config', 'thought_level'];

function categoryRank(category: string): number {
  const at = CATEGORY_ORDER.indexOf(category);
  return at === -1 ? CATEGORY_ORDER.length : at;
}

function choice(value: unknown, group?: string): PickerChoice | undefined {
  if (!isRecord(value) || typeof value.value !== 'string') return undefined;
  const name = typeof value.name === 'string' && value.name !== '' ? value.name : value.value;
  const made: PickerChoice = { value: value.value, name };
  if (typeof value.description === 'string') made.description = value.description;
  if (group !== undefined) made.group = group;
  return made;
}

/** Flattens the values, grouped (`{group, name, options}`) or not. */
export function pickerChoices(options: unknown): PickerChoice[] {
  if (!Array.isArray(options)) return [];
  const choices: PickerChoice[] = [];
  for (const item of options) {
    if (isRecord(item) && Array.isArray(item.options)) {
      const group = typeof item.name === 'string' ? item.name : typeof item.group === 'string' ? item.group : '';
      for (const inner of item.options) {
        const made = choice(inner, group);
        if (made) choices.push(made);
      }
    } else {
      const made = choice(item);
      if (made) choices.push(made);
    }
  }
  return choices;
}

function pickerOf(option: SessionConfigOption): Picker | undefined {
  const raw = option as unknown as Record<string, unknown>;
  const base: PickerBase = {
    id: option.id,
    label: typeof raw.name === 'string' && raw.name !== '' ? raw.name : option.id,
    category: typeof raw.category === 'string' ? raw.category : '',
  };
  if (typeof raw.description === 'string') base.description = raw.description;
  if (raw.type === 'boolean' && typeof raw.currentValue === 'boolean') return { ...base, kind: 'boolean', value: raw.currentValue };
  if (raw.type === 'select' && typeof raw.currentValue === 'string') {
    const choices = pickerChoices(raw.options);
    if (choices.length === 0) return undefined;
    return { ...base, kind: 'select', value: raw.currentValue, choices };
  }
  return undefined;
}

export function configPickers(options: readonly SessionConfigOption[]): Picker[] {
  return options
    .map((option, index) => ({ picker: pickerOf(option), index }))
    .filter((p): p is { picker: Picker; index: number } => p.picker !== undefined)
    .sort((a, b) => categoryRank(a.picker.category) - categoryRank(b.picker.category) || a.index - b.index)
    .map((p) => p.picker);
}

export function modePicker(modes: readonly SessionMode[], currentModeId: string | undefined): SelectPicker | undefined {
  if (modes.length === 0) return undefined;
  const choices = modes.map((mode) => {
    const made: PickerChoice = { value: mode.id, name: mode.name || mode.id };
    if (typeof mode.description === 'string') made.description = mode.description;
    return made;
  });
  return { id: MODE_PICKER_ID, label: 'Mode', category: 'mode', kind: 'select', value: currentModeId ?? choices[0].value, choices };
}

/** Config options when there are any (they replace modes, as the spec asks), else the mode picker, else nothing. */
export function sessionPickers(header: {
  configOptions: readonly SessionConfigOption[];
  availableModes: readonly SessionMode[];
  currentModeId?: string;
}): Picker[] {
  const configs = configPickers(header.configOptions);
  if (configs.length > 0) return configs;
  const mode = modePicker(header.availableModes, header.currentModeId);
  return mode ? [mode] : [];
}
