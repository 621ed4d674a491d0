// "ACP: Switch Mode": the session's mode picker — its `mode`-category config option when it has one (config options
// replace modes), else its modes — changed through the composer, as the chat's own picker does.
import type { ComposerHost } from '../composer/composerHost';
import type { SurfaceSessions } from '../session/surfaceSessions';
import type { SessionHeader } from '../shared/transcript/model';
import { MODE_PICKER_ID, SelectPicker, configPickers, modePicker } from '../shared/configPickers';
import type { PalettePicks, PickItem } from './quickPick';

export const SWITCH_MODE_COMMAND = 'acp.switchMode';

export function sessionModePicker(header: SessionHeader): SelectPicker | undefined {
  const fromConfig = configPickers(header.configOptions).find(
    (picker): picker is SelectPicker => picker.kind === 'select' && picker.category === 'mode',
  );
  return fromConfig ?? (header.configOptions.length === 0 ? modePicker(header.availableModes, header.currentModeId) : undefined);
}

export function modeItems(picker: SelectPicker): PickItem<string>[] {
  return picker.choices.map((choice) => ({
    label: choice.name,
    description: choice.group,
    detail: choice.description,
    value: choice.value,
    current: choice.value === picker.value,
  }));
}

/** `value` skips the pick (for keybindings and tests); without it the user picks. */
export async function switchMode(shown: SurfaceSessions, composer: ComposerHost, picks: PalettePicks, value?: unknown): Promise<string | undefined> {
  // The palette acts on the session the chat shows, named once here.
  const sessionKey = shown.currentKey;
  const session = shown.session;
  if (!sessionKey || !session) throw new Error('There is no session yet: send a message first.');
  const picker = sessionModePicker(session.state.header);
  if (!picker) throw new Error('This agent offers no modes.');
  const chosen =
    typeof value === 'string'
      ? value
      : await picks.pickOne({ id: SWITCH_MODE_COMMAND, title: picker.label, placeholder: 'The mode the agent works in', items: modeItems(picker) });
  if (chosen === undefined) return undefined;
  if (!picker.choices.some((choice) => choice.value === chosen)) throw new Error(`"${chosen}" is not one of this agent's modes.`);
  if (picker.id === MODE_PICKER_ID) await composer.handle({ type: 'setMode', modeId: chosen, sessionKey }, composer.chatSender);
  else await composer.handle({ type: 'setConfigOption', configId: picker.id, value: chosen, sessionKey }, composer.chatSender);
  return chosen;
}
