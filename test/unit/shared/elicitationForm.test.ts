import * as assert from 'node:assert/strict';
import { formOf } from '../../../src/shared/elicitation/elicitationForm';
import { reviewUrl } from '../../../src/shared/elicitation/elicitationUrl';
import { checkForm, initialValues, matchesPattern } from '../../../src/shared/elicitation/elicitationValues';

const refactor = formOf({
  type: 'object',
  title: 'Refactor',
  properties: {
    strategy: {
      type: 'string',
      title: 'Strategy',
      oneOf: [
        { const: 'conservative', title: 'Conservative', description: 'Minimal changes.' },
        { const: 'balanced', title: 'Balanced' },
      ],
      default: 'balanced',
    },
    name: { type: 'string', title: 'Function name', minLength: 1, maxLength: 8, pattern: '^[a-z_][a-z0-9_]*$', default: 'run' },
    email: { type: 'string', format: 'email' },
    when: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    port: { type: 'integer', minimum: 1024, maximum: 65535, default: 3000 },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    logging: { type: 'boolean', title: 'Enable logging', default: true },
    colors: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['red', 'green', 'blue'] }, default: ['red', 'pink'] },
    tags: { type: 'array', items: { anyOf: [{ const: 'a', title: 'Alpha' }, { const: 'b', title: 'Beta' }] } },
    color: { type: 'string', enum: ['red', 'green'] },
    future: { type: '_custom', title: 'Custom thing' },
  },
  required: ['strategy', 'name', 'port'],
});

const field = (name: string) => {
  const found = refactor.fields.find((f) => f.name === name);
  assert.ok(found, name);
  return found;
};

describe('elicitation form: requested schema -> fields', () => {
  it('maps each property type to its field, with titles, required, defaults and constraints', () => {
    assert.equal(refactor.title, 'Refactor');
    assert.deepEqual(field('strategy'), {
      name: 'strategy',
      label: 'Strategy',
      required: true,
      kind: 'select',
      choices: [
        { value: 'conservative', title: 'Conservative', description: 'Minimal changes.' },
        { value: 'balanced', title: 'Balanced' },
      ],
      default: 'balanced',
    });
    assert.deepEqual(field('name'), {
      name: 'name', label: 'Function name', required: true, kind: 'text', minLength: 1, maxLength: 8, pattern: '^[a-z_][a-z0-9_]*$', default: 'run',
    });
    assert.deepEqual(field('port'), { name: 'port', label: 'port', required: true, kind: 'number', integer: true, minimum: 1024, maximum: 65535, default: 3000 });
    assert.equal(field('ratio').kind, 'number');
    assert.deepEqual(field('logging'), { name: 'logging', label: 'Enable logging', required: false, kind: 'boolean', default: true });
    const colors = field('colors');
    assert.ok(colors.kind === 'multiselect');
    assert.deepEqual(colors.default, ['red'], 'defaults that are not choices are dropped');
    assert.deepEqual(colors.choices.map((c) => c.title), ['red', 'green', 'blue']);
    const tags = field('tags');
    assert.ok(tags.kind === 'multiselect' && tags.choices[1].title === 'Beta');
    assert.ok(field('color').kind === 'select');
    assert.deepEqual(field('future'), { name: 'future', label: 'Custom thing', required: false, kind: 'unsupported', type: '_custom' });
  });

  it('reads leniently: missing type and properties, constraints of the wrong type, non-object schemas', () => {
    assert.deepEqual(formOf({ properties: { a: { type: 'string', minLength: 'x', maxLength: -1 } } }).fields, [
      { name: 'a', label: 'a', required: false, kind: 'text' },
    ]);
    assert.deepEqual(formOf(null), { fields: [] });
    assert.deepEqual(formOf({ type: 'object' }), { fields: [] });
    assert.equal(formOf({ properties: { n: { type: 'integer', default: 1.5 } } }).fields[0].kind, 'number');
    assert.equal((formOf({ properties: { n: { type: 'integer', default: 1.5 } } }).fields[0] as { default?: number }).default, undefined);
    assert.equal(formOf({ properties: { x: 'nonsense' } }).fields[0].kind, 'unsupported');
    assert.equal(formOf({ properties: { x: { type: 'array', items: { type: 'number' } } } }).fields[0].kind, 'unsupported');
  });
});

describe('elicitation form: values and validation', () => {
  it('starts from the defaults and sends only valid content, leaving empty optional fields out', () => {
    const values = initialValues(refactor);
    assert.equal(values.strategy, 'balanced');
    assert.equal(values.port, '3000');
    assert.equal(values.logging, true);
    assert.deepEqual(values.colors, ['red']);
    const checked = checkForm(refactor, values);
    assert.deepEqual(checked, { ok: true, content: { strategy: 'balanced', name: 'run', port: 3000, logging: true, colors: ['red'] } });
  });

  it('names each problem: required, lengths, pattern, formats, numbers, choices, counts', () => {
    const values = {
      ...initialValues(refactor),
      strategy: '',
      name: '9lives',
      email: 'nobody',
      when: '2025-02-30',
      at: '2025-01-31 14:30',
      port: '80.5',
      ratio: '2',
      colors: ['red', 'green', 'blue'],
      color: 'purple',
    };
    const checked = checkForm(refactor, values);
    assert.ok(!checked.ok);
    assert.deepEqual(Object.keys(checked.errors).sort(), ['at', 'color', 'colors', 'email', 'name', 'port', 'ratio', 'strategy', 'when']);
    assert.equal(checked.errors.strategy, 'Required.');
    assert.match(checked.errors.name, /pattern/);
    assert.match(checked.errors.port, /whole number/);
    assert.match(checked.errors.ratio, /1 or less/);
    assert.match(checked.errors.colors, /at most 2/);
    const ok = checkForm(refactor, { ...initialValues(refactor), email: 'a@b.co', when: '2024-02-29', at: '2025-01-31T14:30:00+02:00', ratio: '0.25', tags: ['b'] });
    assert.ok(ok.ok, JSON.stringify(ok));
    assert.deepEqual([ok.content.email, ok.content.when, ok.content.ratio, ok.content.tags], ['a@b.co', '2024-02-29', 0.25, ['b']]);
  });

  it('treats what the webview sends as untrusted: wrong types, unknown names, __proto__', () => {
    const checked = checkForm(refactor, { strategy: 7, name: ['x'], port: true, logging: 'yes', colors: 'red', extra: 'x' });
    assert.ok(!checked.ok);
    assert.deepEqual(Object.keys(checked.errors).sort(), ['colors', 'logging', 'name', 'port', 'strategy']);
    assert.deepEqual(checkForm(refactor, null).ok, false);
    const proto = formOf({ properties: { ['__proto__']: { type: 'string' } }, required: ['__proto__'] });
    const sent = checkForm(proto, JSON.parse('{"__proto__": "x"}'));
    assert.ok(sent.ok && Object.hasOwn(sent.content, '__proto__'));
  });

  it('cannot be submitted while a required field is of a type it cannot draw', () => {
    const form = formOf({ properties: { f: { type: '_file' }, g: { type: '_other' } }, required: ['f'] });
    const checked = checkForm(form, initialValues(form));
    assert.ok(!checked.ok && checked.errors.f !== undefined && checked.errors.g === undefined);
  });

  it('evaluates agent patterns in linear time, and leaves patterns RE2 cannot run unchecked', () => {
    assert.equal(matchesPattern('(a+)+$', `${'a'.repeat(20000)}!`), false, 'a catastrophic backtracking pattern returns');
    assert.equal(matchesPattern('b', 'abc'), true, 'unanchored, as in JSON Schema');
    assert.equal(matchesPattern('(a)\\1', 'aa'), undefined);
    const form = formOf({ properties: { x: { type: 'string', pattern: '(?=x)' } } });
    assert.ok(checkForm(form, { x: 'y' }).ok);
  });
});

describe('elicitation URL review', () => {
  it('shows the host and opens only http(s)', () => {
    assert.deepEqual(reviewUrl('https://agent.example.com/connect?id=1'), { openable: true, host: 'agent.example.com', warnings: [] });
    assert.equal(reviewUrl('http://localhost:8080/').openable, true);
    assert.match(reviewUrl('http://localhost:8080/').warnings[0], /not encrypted/);
    assert.equal(reviewUrl('javascript:alert(1)').openable, false);
    assert.equal(reviewUrl('command:workbench.action.quit').openable, false);
    assert.equal(reviewUrl('not a url').openable, false);
  });

  it('warns about Punycode and look-alike letters, and credentials in the address', () => {
    const idn = reviewUrl('https://аpple.com/');
    assert.match(idn.host, /^xn--/, 'the host is shown in its xn-- form');
    assert.ok(idn.warnings.some((w) => /Punycode/.test(w)));
    assert.ok(reviewUrl('https://xn--pple-43d.com/').warnings.some((w) => /Punycode/.test(w)));
    assert.ok(reviewUrl('https://user:pw@example.com/').warnings.some((w) => /password/.test(w)));
  });
});
