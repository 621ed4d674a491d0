// Per-agent defaults: the config option values and the mode the user last chose for an agent, and what of them a
// new session of that agent should get — only values the new session offers and does not already have; modes
// only when the session has no config options (config options replace modes), and as the fallback for a
// remembered `mode`-category option the session offers only as a mode. Pure.
import type { ConfigValue } from '../shared/protocol/composerProtocol';
import { configPickers, modePicker } from '../shared/configPickers';
import type { SessionHeader } from '../shared/transcript/model';
import { isRecord } from '../shared/text/narrow';

export interface RememberedOption {
  value: ConfigValue;
  /** The option's category when chosen ("mode" values can fall back to session/set_mode). */
  category?: string;
}

export interface AgentDefaults {
  options: Record<string, RememberedOption>;
  modeId?: string;
}

export interface DefaultsToApply {
  options: { configId: string; value: ConfigValue }[];
  modeId?: string;
}

export const NO_DEFAULTS: AgentDefaults = { options: {} };

/** Reads stored defaults leniently (they come from storage an older version may have written). */
export function readAgentDefaults(stored: unknown): AgentDefaults {
  if (!isRecord(stored)) return { options: {} };
  const options: Record<string, RememberedOption> = {};
  if (isRecord(stored.options)) {
    for (const [id, raw] of Object.entries(stored.options)) {
      if (!isRecord(raw) || (typeof raw.value !== 'string' && typeof raw.value !== 'boolean')) continue;
      options[id] = typeof raw.category === 'string' ? { value: raw.value, category: raw.category } : { value: raw.value };
    }
  }
  return typeof stored.modeId === 'string' ? { options, modeId: stored.modeId } : { options };
}

/** The user chose a config option value in this session. */
export function rememberOption(defaults: AgentDefaults, header: SessionHeader, configId: string, value: ConfigValue): AgentDefaults {
  const picker = configPickers(header.configOptions).find((p) => p.id === configId);
  const remembered: RememberedOption = picker?.category ? { value, category: picker.category } : { value };
  const next: AgentDefaults = { ...defaults, options: { ...defaults.options, [configId]: remembered } };
  // The newest mode choice wins where only modes are offered.
  if (remembered.category === 'mode') delete next.modeId;
  return next;
}

/** The user chose a mode (session/set_mode). */
export function rememberMode(defaults: AgentDefaults, modeId: string): AgentDefaults {
  return { ...defaults, modeId };
}

/** What to set on a new session whose setup gave this header. */
export function defaultsToApply(defaults: AgentDefaults, header: SessionHeader): DefaultsToApply {
  const pickers = configPickers(header.configOptions);
  const result: DefaultsToApply = { options: [] };
  let modeFallback: string | undefined;
  for (const [configId, remembered] of Object.entries(defaults.options)) {
    const picker = pickers.find((p) => p.id === configId);
    if (!picker) {
      if (remembered.category === 'mode' && typeof remembered.value === 'string') modeFallback = remembered.value;
      continue;
    }
    if (picker.value === remembered.value) continue;
    const offered =
      picker.kind === 'boolean' ? typeof remembered.value === 'boolean' : picker.choices.some((choice) => choice.value === remembered.value);
    if (offered) result.options.push({ configId, value: remembered.value });
  }
  if (pickers.length === 0) {
    const modes = modePicker(header.availableModes, header.currentModeId);
    const wanted = defaults.modeId ?? modeFallback;
    if (modes && wanted !== undefined && wanted !== header.currentModeId && modes.choices.some((c) => c.value === wanted)) result.modeId = wanted;
  }
  return result;
}

/** Where each agent's remembered config option values and mode are kept. */
export interface AgentDefaultsStore {
  get(agentId: string): AgentDefaults;
  set(agentId: string, defaults: AgentDefaults): PromiseLike<void> | void;
}
