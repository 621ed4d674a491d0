// What the user typed into an elicitation form, checked against its fields and turned into the answer's
// `content`. The chat runs this as the user edits (to show what is wrong) and the host runs it again on what the
// chat sends (the webview is untrusted), so only valid content reaches the agent. Pure: no vscode, no node.
//
// Values while editing: text, number and single-select fields hold strings ('' = empty), booleans hold booleans,
// multi-selects hold string lists; a value not sent counts as empty. Empty optional fields are left out of the content; a boolean is always sent
// (an unticked box is an answer the user saw). The agent-supplied `pattern` is evaluated with re2js (RE2's linear-
// time engine, as the spec asks of agent-supplied patterns); a pattern RE2 cannot compile (backreferences,
// lookaround) is not checked here, and the agent checks again.
import { RE2JS } from 're2js';
import type { ElicitationForm, FormField, MultiSelectField, NumberField, TextField } from './elicitationForm';
import { isRecord } from '../text/narrow';

export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;
/** What `content` may carry (the schema's ElicitationContentValue). */
export type ContentValue = string | number | boolean | string[];

export type FormCheck = { ok: true; content: Record<string, ContentValue> } | { ok: false; errors: Record<string, string> };

export function initialValues(form: ElicitationForm): FormValues {
  const values: FormValues = {};
  for (const field of form.fields) {
    switch (field.kind) {
      case 'text':
      case 'select':
        values[field.name] = field.default ?? '';
        break;
      case 'number':
        values[field.name] = field.default === undefined ? '' : String(field.default);
        break;
      case 'boolean':
        values[field.name] = field.default ?? false;
        break;
      case 'multiselect':
        values[field.name] = field.default ?? [];
        break;
    }
  }
  return values;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function validDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function formatProblem(format: string | undefined, text: string): string | undefined {
  switch (format) {
    case 'email':
      return EMAIL.test(text) ? undefined : 'Enter an email address, like name@example.com.';
    case 'uri':
      return URL.canParse(text) ? undefined : 'Enter a full address, like https://example.com/page.';
    case 'date':
      return validDate(text) ? undefined : 'Enter a date as YYYY-MM-DD.';
    case 'date-time': {
      const match = DATE_TIME.exec(text);
      const ok = match !== null && validDate(match[1]) && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 61;
      return ok ? undefined : 'Enter a date and time like 2025-01-31T14:30:00Z.';
    }
    default:
      return undefined;
  }
}

/** Whether `text` matches the agent's pattern (unanchored, as JSON Schema says); undefined when RE2 cannot run it. */
export function matchesPattern(pattern: string, text: string): boolean | undefined {
  try {
    return RE2JS.compile(pattern).matcher(text).find();
  } catch {
    return undefined;
  }
}

function textProblem(field: TextField, text: string): string | undefined {
  const length = [...text].length;
  if (field.minLength !== undefined && length < field.minLength) return `Enter at least ${field.minLength} characters.`;
  if (field.maxLength !== undefined && length > field.maxLength) return `Enter at most ${field.maxLength} characters.`;
  const format = formatProblem(field.format, text);
  if (format) return format;
  if (field.pattern !== undefined && matchesPattern(field.pattern, text) === false) return `Must match the pattern ${field.pattern}`;
  return undefined;
}

function numberValue(field: NumberField, text: string): number | string {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return 'Enter a number.';
  if (field.integer && !Number.isInteger(value)) return 'Enter a whole number.';
  if (field.minimum !== undefined && value < field.minimum) return `Enter ${field.minimum} or more.`;
  if (field.maximum !== undefined && value > field.maximum) return `Enter ${field.maximum} or less.`;
  return value;
}

function multiProblem(field: MultiSelectField, chosen: string[]): string | undefined {
  if (!chosen.every((value) => field.choices.some((choice) => choice.value === value))) return 'Choose from the listed options.';
  if (new Set(chosen).size !== chosen.length) return 'Choose each option once.';
  const least = Math.max(field.minItems ?? 0, field.required ? 1 : 0);
  if (chosen.length < least) return least === 1 ? 'Choose at least one.' : `Choose at least ${least}.`;
  if (field.maxItems !== undefined && chosen.length > field.maxItems) return `Choose at most ${field.maxItems}.`;
  return undefined;
}

/** One field: its content value, `undefined` to leave it out, or a problem in words. */
function checkField(field: FormField, raw: unknown): { value?: ContentValue; problem?: string } {
  switch (field.kind) {
    case 'unsupported':
      return field.required ? { problem: `This field (${field.type}) cannot be filled in here.` } : {};
    case 'boolean':
      if (raw === undefined) return field.required ? { problem: 'Required.' } : {};
      return typeof raw === 'boolean' ? { value: raw } : { problem: 'Tick or untick the box.' };
    case 'multiselect': {
      if (raw === undefined) return checkField(field, []);
      if (!Array.isArray(raw) || !raw.every((v) => typeof v === 'string')) return { problem: 'Choose from the listed options.' };
      const problem = multiProblem(field, raw);
      if (problem) return { problem };
      return raw.length === 0 && !field.required ? {} : { value: [...raw] };
    }
  }
  if (raw !== undefined && typeof raw !== 'string') return { problem: 'Enter a value.' };
  if (raw === undefined || raw === '') return field.required ? { problem: 'Required.' } : {};
  switch (field.kind) {
    case 'text': {
      const problem = textProblem(field, raw);
      return problem ? { problem } : { value: raw };
    }
    case 'number': {
      const value = numberValue(field, raw);
      return typeof value === 'string' ? { problem: value } : { value };
    }
    case 'select':
      return field.choices.some((choice) => choice.value === raw) ? { value: raw } : { problem: 'Choose one of the listed options.' };
  }
}

/** Checks every field; the content to send when all are fine, else a problem per field name. */
export function checkForm(form: ElicitationForm, values: unknown): FormCheck {
  const given = isRecord(values) ? values : {};
  const content: Record<string, ContentValue> = {};
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    const raw = Object.hasOwn(given, field.name) ? given[field.name] : undefined;
    const { value, problem } = checkField(field, raw);
    if (problem !== undefined) errors[field.name] = problem;
    else if (value !== undefined) Object.defineProperty(content, field.name, { value, enumerable: true, writable: true, configurable: true });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content };
}
