// Small checkers for validating scenario files: each records a message with the JSON path of the problem.
import { isObject } from './json';

export class Problems {
  readonly list: string[] = [];

  add(at: string, message: string): void {
    this.list.push(`${at}: ${message}`);
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

export function checkString(value: unknown, at: string, problems: Problems): void {
  if (typeof value !== 'string') problems.add(at, `expected a string, got ${describe(value)}`);
}

export function checkCount(value: unknown, at: string, problems: Problems): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    problems.add(at, `expected a whole number >= 0, got ${describe(value)}`);
  }
}

export function checkInteger(value: unknown, at: string, problems: Problems): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    problems.add(at, `expected a whole number, got ${describe(value)}`);
  }
}

export function checkBoolean(value: unknown, at: string, problems: Problems): void {
  if (typeof value !== 'boolean') problems.add(at, `expected true or false, got ${describe(value)}`);
}

export function checkObject(value: unknown, at: string, problems: Problems): value is Record<string, unknown> {
  if (isObject(value)) return true;
  problems.add(at, `expected an object, got ${describe(value)}`);
  return false;
}

export function checkObjectList(value: unknown, at: string, problems: Problems): void {
  if (!Array.isArray(value)) {
    problems.add(at, `expected an array of objects, got ${describe(value)}`);
    return;
  }
  value.forEach((item, index) => checkObject(item, `${at}[${index}]`, problems));
}

export function checkStringList(value: unknown, at: string, problems: Problems): void {
  if (!Array.isArray(value)) {
    problems.add(at, `expected an array of strings, got ${describe(value)}`);
    return;
  }
  value.forEach((item, index) => checkString(item, `${at}[${index}]`, problems));
}

export function checkStringMap(value: unknown, at: string, problems: Problems): void {
  if (!checkObject(value, at, problems)) return;
  for (const [key, item] of Object.entries(value)) checkString(item, `${at}.${key}`, problems);
}

/** Optional keys: checks each one present with its checker. */
export function checkOptional(
  object: Record<string, unknown>,
  at: string,
  problems: Problems,
  checkers: Record<string, (value: unknown, at: string, problems: Problems) => void>,
): void {
  for (const [key, check] of Object.entries(checkers)) {
    if (object[key] !== undefined) check(object[key], `${at}.${key}`, problems);
  }
}

export function checkKnownKeys(
  object: Record<string, unknown>,
  known: readonly string[],
  at: string,
  problems: Problems,
): void {
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) problems.add(at, `unknown key "${key}" (known: ${known.join(', ')})`);
  }
}
