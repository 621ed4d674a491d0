// Small guards for reading loosely typed wire data (JSON from an agent) without trusting its shape.

export type WireRecord = Record<string, unknown>;

/** A plain JSON object: not null, not an array. */
export function isRecord(value: unknown): value is WireRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasStringField<K extends string>(value: WireRecord, key: K): value is WireRecord & Record<K, string> {
  return typeof value[key] === 'string';
}

/**
 * Sets an own, enumerable property even for keys like `__proto__` (which JSON.parse produces as ordinary keys and a
 * plain assignment would turn into a prototype change).
 */
export function setOwn(target: WireRecord, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
