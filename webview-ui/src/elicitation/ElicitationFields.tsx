// The inputs of an elicitation form, one per field of the requested schema (see src/shared/elicitation/elicitationForm.ts):
// text (email and uri formats use the matching input type; dates are typed, with the form as hint), number (integer steps by 1), boolean
// (checkbox), single-select (a list with an empty choice), multi-select (checkboxes), and fields of an unknown type
// shown as such, without an input. Every input has a label; hints and problems are tied to it with
// aria-describedby. Agent text (labels, descriptions) is plain text, never a link.
import type { ComponentChildren } from 'preact';
import type { FormField, MultiSelectField, NumberField, TextField } from '../../../src/shared/elicitation/elicitationForm';
import type { FieldValue } from '../../../src/shared/elicitation/elicitationValues';

export interface FieldProps {
  field: FormField;
  /** Unique within the document: the input's id. */
  id: string;
  value: FieldValue | undefined;
  problem?: string;
  disabled: boolean;
  onChange(value: FieldValue): void;
}

/** Formats with an input type of their own; dates are typed as text (the hint gives the form). */
function inputType(format: string | undefined): 'email' | 'url' | 'text' {
  return format === 'email' ? 'email' : format === 'uri' ? 'url' : 'text';
}

function textHint(field: TextField): string | undefined {
  const parts: string[] = [];
  if (field.format === 'date') parts.push('A date, like 2025-01-31');
  if (field.format === 'date-time') parts.push('Date and time, like 2025-01-31T14:30:00Z');
  if (field.minLength !== undefined && field.maxLength !== undefined) parts.push(`${field.minLength}–${field.maxLength} characters`);
  else if (field.minLength !== undefined) parts.push(`At least ${field.minLength} characters`);
  else if (field.maxLength !== undefined) parts.push(`At most ${field.maxLength} characters`);
  if (field.pattern !== undefined) parts.push(`Pattern: ${field.pattern}`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

function numberHint(field: NumberField): string | undefined {
  const what = field.integer ? 'A whole number' : 'A number';
  if (field.minimum !== undefined && field.maximum !== undefined) return `${what} from ${field.minimum} to ${field.maximum}`;
  if (field.minimum !== undefined) return `${what}, ${field.minimum} or more`;
  if (field.maximum !== undefined) return `${what}, ${field.maximum} or less`;
  return field.integer ? what : undefined;
}

function multiHint(field: MultiSelectField): string | undefined {
  if (field.minItems !== undefined && field.maxItems !== undefined) return `Choose ${field.minItems} to ${field.maxItems}`;
  if (field.minItems !== undefined) return `Choose at least ${field.minItems}`;
  if (field.maxItems !== undefined) return `Choose at most ${field.maxItems}`;
  return undefined;
}

function Notes({ id, field, hint, problem }: { id: string; field: FormField; hint?: string; problem?: string }) {
  return (
    <>
      {field.description ? <div class="elicitation__description" id={`${id}-description`}>{field.description}</div> : null}
      {hint ? <div class="elicitation__hint" id={`${id}-hint`}>{hint}</div> : null}
      {problem ? (
        <div class="elicitation__problem" id={`${id}-problem`} data-field-problem={field.name}>
          {problem}
        </div>
      ) : null}
    </>
  );
}

function describedBy(id: string, field: FormField, hint: string | undefined, problem: string | undefined): string | undefined {
  const ids = [field.description ? `${id}-description` : '', hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Label({ id, field, children }: { id: string; field: FormField; children?: ComponentChildren }) {
  return (
    <label class="elicitation__label" for={id}>
      {children}
      {field.label}
      {field.required ? <span class="elicitation__required"> (required)</span> : null}
    </label>
  );
}

export function FormFieldInput({ field, id, value, problem, disabled, onChange }: FieldProps) {
  const common = { id, disabled, 'aria-invalid': problem ? ('true' as const) : undefined, 'data-field': field.name };
  switch (field.kind) {
    case 'text': {
      const hint = textHint(field);
      const props = {
        ...common,
        class: 'elicitation__input',
        value: typeof value === 'string' ? value : '',
        required: field.required,
        'aria-describedby': describedBy(id, field, hint, problem),
        onInput: (event: Event) => onChange((event.currentTarget as HTMLInputElement).value),
      };
      const type = inputType(field.format);
      return (
        <div class="elicitation__field">
          <Label id={id} field={field} />
          {type === 'email' ? <input {...props} type="email" /> : type === 'url' ? <input {...props} type="url" /> : <input {...props} type="text" />}
          <Notes id={id} field={field} hint={hint} problem={problem} />
        </div>
      );
    }
    case 'number': {
      const hint = numberHint(field);
      return (
        <div class="elicitation__field">
          <Label id={id} field={field} />
          <input
            {...common}
            class="elicitation__input"
            type="number"
            step={field.integer ? 1 : 'any'}
            min={field.minimum}
            max={field.maximum}
            value={typeof value === 'string' ? value : ''}
            required={field.required}
            aria-describedby={describedBy(id, field, hint, problem)}
            onInput={(event) => onChange((event.currentTarget as HTMLInputElement).value)}
          />
          <Notes id={id} field={field} hint={hint} problem={problem} />
        </div>
      );
    }
    case 'boolean':
      return (
        <div class="elicitation__field elicitation__field--check">
          <Label id={id} field={field}>
            <input
              {...common}
              type="checkbox"
              checked={value === true}
              aria-describedby={describedBy(id, field, undefined, problem)}
              onChange={(event) => onChange((event.currentTarget as HTMLInputElement).checked)}
            />{' '}
          </Label>
          <Notes id={id} field={field} problem={problem} />
        </div>
      );
    case 'select': {
      const chosen = field.choices.find((choice) => choice.value === value);
      const hint = chosen?.description;
      return (
        <div class="elicitation__field">
          <Label id={id} field={field} />
          <select
            {...common}
            class="elicitation__input"
            value={typeof value === 'string' ? value : ''}
            required={field.required}
            aria-describedby={describedBy(id, field, hint, problem)}
            onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">{field.required ? 'Choose…' : '(none)'}</option>
            {field.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.title}
              </option>
            ))}
          </select>
          <Notes id={id} field={field} hint={hint} problem={problem} />
        </div>
      );
    }
    case 'multiselect': {
      const chosen = Array.isArray(value) ? value : [];
      const hint = multiHint(field);
      const toggle = (choice: string, on: boolean): void =>
        onChange(on ? field.choices.map((c) => c.value).filter((v) => v === choice || chosen.includes(v)) : chosen.filter((v) => v !== choice));
      return (
        <fieldset
          class="elicitation__field elicitation__group"
          data-field={field.name}
          aria-invalid={problem ? 'true' : undefined}
          aria-describedby={describedBy(id, field, hint, problem)}
        >
          <legend class="elicitation__label">
            {field.label}
            {field.required ? <span class="elicitation__required"> (required)</span> : null}
          </legend>
          {field.choices.map((choice, index) => (
            <label key={choice.value} class="elicitation__choice" for={`${id}-${index}`}>
              <input
                id={`${id}-${index}`}
                type="checkbox"
                disabled={disabled}
                checked={chosen.includes(choice.value)}
                data-choice={choice.value}
                onChange={(event) => toggle(choice.value, (event.currentTarget as HTMLInputElement).checked)}
              />{' '}
              {choice.title}
              {choice.description ? <span class="elicitation__description"> — {choice.description}</span> : null}
            </label>
          ))}
          <Notes id={id} field={field} hint={hint} problem={problem} />
        </fieldset>
      );
    }
    case 'unsupported':
      return (
        <div class="elicitation__field" data-field={field.name} data-field-unsupported={field.type}>
          <div class="elicitation__label">
            {field.label}
            {field.required ? <span class="elicitation__required"> (required)</span> : null}
          </div>
          <div class="elicitation__hint">This client cannot show a field of type “{field.type}”{field.required ? '' : '; it is left out'}.</div>
          <Notes id={id} field={field} problem={problem} />
        </div>
      );
  }
}
