// JSON values as they travel on the wire, and the few guards the scripted agent needs to read them.
// The scripted agent is written independently of the client code: nothing here is shared with src/acp.

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object at `key`, or undefined when absent or not an object. */
export function objectAt(value: Json | undefined, key: string): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const inner = value[key];
  return isObject(inner) ? inner : undefined;
}

/** The string at `key`, or undefined when absent or not a string. */
export function stringAt(value: Json | undefined, key: string): string | undefined {
  if (!isObject(value)) return undefined;
  const inner = value[key];
  return typeof inner === 'string' ? inner : undefined;
}

/** A plain deep copy (scenario data is never shared with what goes on the wire). */
export function cloneJson<T extends Json>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
