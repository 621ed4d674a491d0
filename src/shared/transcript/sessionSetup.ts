// The session header from answers (not notifications): session/new's (or session/load's) `modes` and
// `configOptions`, session/set_config_option's full option list, and a successful session/set_mode.
// Read leniently like session updates: what has the wrong shape is skipped, nothing throws.
import type { SessionMode } from '../acp';
import { HEADER_UPDATES } from './headerUpdates';
import type { SessionChange, SessionHeader } from './model';
import { isRecord } from '../text/narrow';
import { emptyChange, headerChange } from './reducerBook';

function toMode(value: unknown): SessionMode | undefined {
  if (!isRecord(value) || typeof value.id !== 'string') return undefined;
  return { ...value, id: value.id, name: typeof value.name === 'string' ? value.name : value.id } as SessionMode;
}

/** Replaces the config options with a full list (a set_config_option answer, or the setup's list). */
export function replaceConfigOptions(header: SessionHeader, configOptions: unknown): SessionChange {
  const update = HEADER_UPDATES.get('config_option_update');
  return update ? update(header, { sessionUpdate: 'config_option_update', configOptions }) : emptyChange();
}

/** Applies the `modes` and `configOptions` of a session/new or session/load answer. */
export function applySessionSetup(header: SessionHeader, response: unknown): SessionChange {
  if (!isRecord(response)) return emptyChange();
  let changed = false;
  const modes = response.modes;
  if (isRecord(modes) && Array.isArray(modes.availableModes)) {
    header.availableModes = modes.availableModes.map(toMode).filter((m): m is SessionMode => m !== undefined);
    if (typeof modes.currentModeId === 'string') header.currentModeId = modes.currentModeId;
    changed = true;
  }
  if (Array.isArray(response.configOptions)) changed = replaceConfigOptions(header, response.configOptions).header || changed;
  return changed ? headerChange() : emptyChange();
}

/** The agent accepted session/set_mode. */
export function setCurrentMode(header: SessionHeader, modeId: string): SessionChange {
  if (header.currentModeId === modeId) return emptyChange();
  header.currentModeId = modeId;
  return headerChange();
}
