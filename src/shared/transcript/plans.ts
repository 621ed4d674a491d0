// Identified plans (`plan_update` / `plan_removed`, stable in ACP v1 since 2026-11-20, behind the client capability
// `plan: {}`): a session can hold several plans, each known by the agent's `planId`. An update replaces the whole plan
// of its id, even when its `type` changes; `plan_removed` drops it. The legacy `plan` update (header.plan) is apart
// and unchanged. Read leniently: an update without a string planId changes nothing; an `items` plan keeps the entries
// that have string content, priority and status; a `markdown` plan without string content shows as empty; a relative
// `path` is dropped (the spec wants it absolute); the draft's `file` type (a `file:` uri) becomes a Markdown plan with
// that path and no content; any other type is kept as it came and drawn generically.
// A Markdown plan with a path follows its file: when the host sees the file change (in the editor or on disk), the
// file's text replaces the shown content (`fromFile`), until the agent sends the plan again. Pure: no vscode, no node.
import { toPlanItem } from './headerUpdates';
import type { PlanItem, SessionChange, SessionHeader } from './model';
import { isRecord } from '../text/narrow';
import { emptyChange, headerChange } from './reducerBook';

export interface IdentifiedPlan {
  planId: string;
  /** `items`, `markdown`, or a type this client does not know, kept as it came. */
  type: string;
  /** An `items` plan's steps. */
  entries?: PlanItem[];
  /** A `markdown` plan's whole text. */
  content?: string;
  /** The absolute path of the file that holds a Markdown plan. */
  path?: string;
  /** The content shown is the file's text, read after it changed (not what the agent last sent). */
  fromFile?: boolean;
  /** A plan of an unknown type: the plan object as it came. */
  raw?: Record<string, unknown>;
}

/** The largest plan file text taken into the chat (characters); a larger file keeps the agent's content. */
export const MAX_PLAN_FILE_CHARS = 256 * 1024;

/** `/abs`, `C:\abs`, `C:/abs` or `\\server\share`. */
export function isAbsolutePlanPath(value: string): boolean {
  return value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value) || value.startsWith('\\\\');
}

function pathFromFileUri(uri: string): string | undefined {
  if (!/^file:\/\//i.test(uri)) return undefined;
  try {
    const url = new URL(uri);
    const decoded = decodeURIComponent(url.pathname);
    // file:///C:/x → C:/x
    return /^\/[A-Za-z]:\//.test(decoded) ? decoded.slice(1) : decoded;
  } catch {
    return undefined;
  }
}

/** A wire plan object as a plan to keep, or undefined when it has no usable planId. */
export function toIdentifiedPlan(value: unknown): IdentifiedPlan | undefined {
  if (!isRecord(value) || typeof value.planId !== 'string' || value.planId === '') return undefined;
  const { planId } = value;
  const type = typeof value.type === 'string' ? value.type : 'items';
  if (type === 'items') {
    const entries: PlanItem[] = [];
    for (const raw of Array.isArray(value.entries) ? (value.entries as unknown[]) : []) {
      const item = toPlanItem(raw);
      if (item) entries.push(item);
    }
    return { planId, type, entries };
  }
  if (type === 'markdown') {
    const plan: IdentifiedPlan = { planId, type, content: typeof value.content === 'string' ? value.content : '' };
    if (typeof value.path === 'string' && isAbsolutePlanPath(value.path)) plan.path = value.path;
    return plan;
  }
  if (type === 'file' && typeof value.uri === 'string') {
    const path = pathFromFileUri(value.uri);
    if (path && isAbsolutePlanPath(path)) return { planId, type: 'markdown', content: '', path };
  }
  return { planId, type, raw: { ...value } };
}

/** `plan_update`: replaces the plan of its planId in place, or adds it after the others. */
export function applyPlanUpdate(header: SessionHeader, update: Record<string, unknown>): SessionChange {
  const plan = toIdentifiedPlan(update.plan);
  if (!plan) return emptyChange();
  const plans = header.plans ?? [];
  const at = plans.findIndex((existing) => existing.planId === plan.planId);
  header.plans = at < 0 ? [...plans, plan] : plans.map((existing, i) => (i === at ? plan : existing));
  return headerChange();
}

/** `plan_removed`: the plan of that planId goes (an unknown id changes nothing). */
export function applyPlanRemoved(header: SessionHeader, update: Record<string, unknown>): SessionChange {
  const planId = update.planId;
  const plans = header.plans;
  if (typeof planId !== 'string' || !plans?.some((plan) => plan.planId === planId)) return emptyChange();
  const kept = plans.filter((plan) => plan.planId !== planId);
  if (kept.length > 0) header.plans = kept;
  else delete header.plans;
  return headerChange();
}

/** The files the session's Markdown plans name (each once). */
export function planFilePaths(header: SessionHeader): string[] {
  const paths = new Set<string>();
  for (const plan of header.plans ?? []) if (plan.type === 'markdown' && plan.path) paths.add(plan.path);
  return [...paths];
}

/**
 * The file at `path` now holds `text`: every Markdown plan naming it shows that text. Unchanged text, or text past
 * MAX_PLAN_FILE_CHARS, changes nothing.
 */
export function applyPlanFileText(header: SessionHeader, path: string, text: string): SessionChange {
  if (text.length > MAX_PLAN_FILE_CHARS || !header.plans) return emptyChange();
  let changed = false;
  header.plans = header.plans.map((plan) => {
    if (plan.type !== 'markdown' || plan.path !== path || plan.content === text) return plan;
    changed = true;
    return { ...plan, content: text, fromFile: true };
  });
  return changed ? headerChange() : emptyChange();
}
