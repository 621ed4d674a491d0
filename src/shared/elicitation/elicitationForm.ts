// A form-mode elicitation's `requestedSchema` (ACP's restricted JSON Schema: a flat object of string, number,
// integer, boolean, single-select and multi-select properties) read into the fields the chat draws. Read leniently,
// as the spec asks of readers: a missing or malformed `type` counts as "object", missing `properties` as none, a
// constraint of the wrong type as absent. A property of a type we do not know (future or `_custom`) becomes an
// `unsupported` field: kept, shown as such, never drawn as a known control. Pure: no vscode, no node.
import { isRecord } from '../text/narrow';

export interface EnumChoice {
  value: string;
  title: string;
  description?: string;
}

interface FieldBase {
  /** The property name (the key in the answer's `content`). */
  name: string;
  /** The property's title, else its name. */
  label: string;
  description?: string;
  required: boolean;
}

export interface TextField extends FieldBase {
  kind: 'text';
  /** email, uri, date, date-time, or another (kept as an annotation). */
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: string;
}

export interface NumberField extends FieldBase {
  kind: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  default?: number;
}

export interface BooleanField extends FieldBase {
  kind: 'boolean';
  default?: boolean;
}

export interface SelectField extends FieldBase {
  kind: 'select';
  choices: EnumChoice[];
  default?: string;
}

export interface MultiSelectField extends FieldBase {
  kind: 'multiselect';
  choices: EnumChoice[];
  minItems?: number;
  maxItems?: number;
  default?: string[];
}

export interface UnsupportedField extends FieldBase {
  kind: 'unsupported';
  /** The schema's `type` as sent (or a short reason when there is none usable). */
  type: string;
}

export type FormField = TextField | NumberField | BooleanField | SelectField | MultiSelectField | UnsupportedField;

export interface ElicitationForm {
  title?: string;
  description?: string;
  fields: FormField[];
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const count = (value: unknown): number | undefined => {
  const n = num(value);
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** Copies the defined values only, so the fields stay plain JSON without `undefined` keys. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function untitledChoices(value: unknown): EnumChoice[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const choices = value.filter((v): v is string => typeof v === 'string').map((v) => ({ value: v, title: v }));
  return choices.length > 0 ? choices : undefined;
}

function titledChoices(value: unknown): EnumChoice[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const choices: EnumChoice[] = [];
  for (const option of value) {
    if (!isRecord(option) || typeof option.const !== 'string') continue;
    const title = str(option.title) ?? option.const;
    choices.push(defined({ value: option.const, title, description: str(option.description) }));
  }
  return choices.length > 0 ? choices : undefined;
}

function stringField(base: FieldBase, schema: Record<string, unknown>): FormField {
  const choices = titledChoices(schema.oneOf) ?? untitledChoices(schema.enum);
  const fallback = str(schema.default);
  if (choices) {
    return defined({ ...base, kind: 'select', choices, default: choices.some((c) => c.value === fallback) ? fallback : undefined });
  }
  return defined({
    ...base,
    kind: 'text',
    format: str(schema.format),
    minLength: count(schema.minLength),
    maxLength: count(schema.maxLength),
    pattern: str(schema.pattern),
    default: fallback,
  });
}

function arrayField(base: FieldBase, schema: Record<string, unknown>): FormField {
  const items = schema.items;
  if (!isRecord(items)) return { ...base, kind: 'unsupported', type: 'array without items' };
  // Titled items carry `anyOf`; untitled ones are `{type: "string", enum}`. Other item types are not drawn.
  const choices = titledChoices(items.anyOf) ?? (items.type === 'string' ? untitledChoices(items.enum) : undefined);
  if (!choices) return { ...base, kind: 'unsupported', type: `array of ${str(items.type) ?? 'unknown items'}` };
  const known = new Set(choices.map((c) => c.value));
  const fallback = Array.isArray(schema.default) ? schema.default.filter((v): v is string => typeof v === 'string' && known.has(v)) : undefined;
  return defined({
    ...base,
    kind: 'multiselect',
    choices,
    minItems: count(schema.minItems),
    maxItems: count(schema.maxItems),
    default: fallback,
  });
}

function fieldOf(name: string, schema: unknown, required: boolean): FormField {
  const record = isRecord(schema) ? schema : {};
  const base: FieldBase = defined({ name, label: str(record.title) || name, description: str(record.description), required });
  switch (record.type) {
    case 'string':
      return stringField(base, record);
    case 'number':
    case 'integer': {
      const integer = record.type === 'integer';
      const fallback = num(record.default);
      return defined({
        ...base,
        kind: 'number',
        integer,
        minimum: num(record.minimum),
        maximum: num(record.maximum),
        default: fallback !== undefined && (!integer || Number.isInteger(fallback)) ? fallback : undefined,
      });
    }
    case 'boolean':
      return defined({ ...base, kind: 'boolean', default: typeof record.default === 'boolean' ? record.default : undefined });
    case 'array':
      return arrayField(base, record);
    default:
      return { ...base, kind: 'unsupported', type: str(record.type) ?? 'no type' };
  }
}

/** The form a `requestedSchema` describes; never throws. */
export function formOf(requestedSchema: unknown): ElicitationForm {
  const schema = isRecord(requestedSchema) ? requestedSchema : {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  const fields = Object.entries(properties).map(([name, property]) => fieldOf(name, property, required.has(name)));
  return defined({ title: str(schema.title), description: str(schema.description), fields });
}
