// session/update variants that change the session header rather than the transcript.
//   plan                      replaces the plan (entries need string content, priority and status; others skipped)
//   available_commands_update replaces the commands (need a string name; a missing description becomes "")
//   current_mode_update       sets currentModeId (schema field `currentModeId`; the docs' example says `modeId`)
//   config_option_update      replaces the options (need a string id; unknown option types kept for the view)
//   session_info_update       patches title / updatedAt: string sets, null clears, omitted keeps
//   usage_update              patches used / size (numbers) and cost ({amount, currency}; null clears)
// A field of the wrong type is ignored; when nothing usable remains the update changes nothing.
import type { AvailableCommand, SessionConfigOption } from '../acp';
import type { PlanItem, SessionChange, SessionHeader } from './model';
import { isRecord } from '../text/narrow';
import { emptyChange, headerChange } from './reducerBook';

type Update = Record<string, unknown>;

type HeaderUpdate = (header: SessionHeader, update: Update) => SessionChange;

/** By `sessionUpdate` value. A Map, so that wire strings like "constructor" find nothing. */
export const HEADER_UPDATES: ReadonlyMap<string, HeaderUpdate> = new Map<string, HeaderUpdate>([
  ['plan', (header, update) => replaceList(update.entries, toPlanItem, (v) => (header.plan = v))],
  [
    'available_commands_update',
    (header, update) => replaceList(update.availableCommands, toCommand, (v) => (header.availableCommands = v)),
  ],
  [
    'config_option_update',
    (header, update) => replaceList(update.configOptions, toConfigOption, (v) => (header.configOptions = v)),
  ],
  ['current_mode_update', setCurrentMode],
  ['session_info_update', patchSessionInfo],
  ['usage_update', patchUsage],
]);

function replaceList<T>(value: unknown, item: (v: unknown) => T | undefined, set: (v: T[]) => void): SessionChange {
  if (!Array.isArray(value)) return emptyChange();
  const kept: T[] = [];
  for (const raw of value) {
    const ok = item(raw);
    if (ok !== undefined) kept.push(ok);
  }
  set(kept);
  return headerChange();
}

export function toPlanItem(value: unknown): PlanItem | undefined {
  if (!isRecord(value)) return undefined;
  const { content, priority, status } = value;
  if (typeof content !== 'string' || typeof priority !== 'string' || typeof status !== 'string') return undefined;
  return { ...value, content, priority, status };
}

function toCommand(value: unknown): AvailableCommand | undefined {
  if (!isRecord(value) || typeof value.name !== 'string') return undefined;
  return { ...value, name: value.name, description: typeof value.description === 'string' ? value.description : '' };
}

function toConfigOption(value: unknown): SessionConfigOption | undefined {
  return isRecord(value) && typeof value.id === 'string' ? (value as SessionConfigOption) : undefined;
}

function setCurrentMode(header: SessionHeader, update: Update): SessionChange {
  const modeId = typeof update.currentModeId === 'string' ? update.currentModeId : update.modeId;
  if (typeof modeId !== 'string') return emptyChange();
  header.currentModeId = modeId;
  return headerChange();
}

function patchSessionInfo(header: SessionHeader, update: Update): SessionChange {
  let applied = false;
  for (const key of ['title', 'updatedAt'] as const) {
    const value = update[key];
    if (value === null) delete header[key];
    else if (typeof value === 'string') header[key] = value;
    else continue;
    applied = true;
  }
  return applied ? headerChange() : emptyChange();
}

function patchUsage(header: SessionHeader, update: Update): SessionChange {
  const usage = { ...header.usage };
  let applied = false;
  for (const key of ['used', 'size'] as const) {
    const value = update[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    usage[key] = value;
    applied = true;
  }
  const cost = update.cost;
  if (cost === null) {
    delete usage.cost;
    applied = true;
  } else if (isRecord(cost) && typeof cost.amount === 'number' && typeof cost.currency === 'string') {
    usage.cost = { amount: cost.amount, currency: cost.currency };
    applied = true;
  }
  if (!applied) return emptyChange();
  header.usage = usage;
  return headerChange();
}
