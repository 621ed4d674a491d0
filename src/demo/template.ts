// Template variables: "${name}" in a scenario string becomes the variable's value when it is known and stays
// as it is otherwise (so text that happens to contain "${...}" survives). Variables live per session.
import type { Json, JsonObject } from './json';

const placeholder = /\$\{([A-Za-z_][\w.-]*)\}/g;

export class Vars {
  private readonly values = new Map<string, string>();

  constructor(private readonly parent?: Vars) {}

  /** Sets a variable where it lives: a loop scope keeps only its own names, the rest go to the session. */
  set(name: string, value: string | number): void {
    if (this.parent && !this.values.has(name)) this.parent.set(name, value);
    else this.values.set(name, String(value));
  }

  get(name: string): string | undefined {
    if (name === 'time') return new Date().toISOString();
    return this.values.get(name) ?? this.parent?.get(name);
  }

  /** A loop scope with its own variable (`repeat` sets ${i}). */
  scope(name: string, value: string | number): Vars {
    const child = new Vars(this);
    child.values.set(name, String(value));
    return child;
  }
}

export function fillString(text: string, vars: Vars): string {
  return text.replace(placeholder, (whole, name: string) => vars.get(name) ?? whole);
}

export function fill<T extends Json>(value: T, vars: Vars): T {
  if (typeof value === 'string') return fillString(value, vars) as T;
  if (Array.isArray(value)) return value.map((item) => fill(item, vars)) as T;
  if (value !== null && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) out[key] = fill(item, vars);
    return out as T;
  }
  return value;
}

/** Keys whose values are nested step lists: they are filled when they play, not before. */
const nestedStepKeys = new Set(['onAllow', 'onReject', 'ifNone', 'steps', 'onAccept', 'onDecline', 'onDismiss', 'onError']);

/** Fills a step's own values, leaving its nested step lists for later. */
export function fillStep<T extends object>(step: T, vars: Vars): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(step) as [string, Json][]) {
    out[key] = nestedStepKeys.has(key) ? value : fill(value, vars);
  }
  return out as T;
}
