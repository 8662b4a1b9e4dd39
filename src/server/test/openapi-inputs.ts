import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger writes it from our zod schemas) that inputs are made from. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0 writes a boolean beside minimum/maximum; JSON Schema 2020-12 a number. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/**
 * A literal spliced into JSON text as it is, for what JSON.stringify cannot write: numbers that overflow to
 * Infinity (`1e999`), integers past 2^53, duplicate keys.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson literals. */
export function encodeJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** A value as a query string, path segment or form field carries it: strings as they are, the rest as JSON. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : encodeJson(value);
}

/** A character as a report can print it: '\\u0000' for NUL. */
export function printable(character: string): string {
  return JSON.stringify(character).slice(1, -1);
}

/** A field's hint: the values of a known kind (an e-mail, a date, an id that exists) for a field's name. */
export type FieldHint = (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

const PLAIN = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 'é', 'ø', 'ß', 'Ω', '日', '本'];

function plainString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = Math.max(1, schema.minLength ?? 1);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.string({ unit: fc.constantFrom(...PLAIN), minLength, maxLength });
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function bounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : 0.001;
  let min = schema.minimum ?? -1_000_000;
  let max = schema.maximum ?? 1_000_000;
  if (schema.exclusiveMinimum === true) min += step;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) max -= step;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  // Values near the limits of a wide range are no more valid than small ones, and read better in a report.
  return { min: Math.max(min, -1_000_000), max: Math.min(max, Math.max(min, 0) + 1_000_000) };
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.stringMatching(/^[a-z][a-z0-9]{2,12}@example\.com$/);
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return plainString(schema);
}

/** Values the schema accepts (as far as JSON Schema says: zod refinements may still refuse some). */
export function validValue(schema: JsonSchema, hint?: FieldHint, name = ''): fc.Arbitrary<unknown> {
  const hinted = name ? hint?.(name, schema) : undefined;
  if (hinted) return hinted;
  const nonNull = validNonNull(schema, hint);
  return schema.nullable ? fc.oneof({ arbitrary: nonNull, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : nonNull;
}

function validNonNull(schema: JsonSchema, hint?: FieldHint): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => validValue(choice, hint)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, hint);
  const types = typesOf(schema).filter((t) => t !== 'null');
  const type = types[0];
  switch (type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.integer(bounds(schema, true));
    case 'number': {
      const { min, max } = bounds(schema, false);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}, hint), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, validValue(value, hint, key)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A character text columns and parsers trip on: NUL (PostgreSQL refuses it) most often. */
export const controlCharacter: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.constantFrom('\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u2028', '\ud800', '\ufffe') },
);

/** The value with the character put in the middle of every string in it (keys stay as they are). */
export function taint(value: unknown, character: string): unknown {
  if (typeof value === 'string') {
    const middle = Math.floor(value.length / 2);
    return value.slice(0, middle) + character + value.slice(middle);
  }
  if (Array.isArray(value)) return value.map((v) => taint(v, character));
  if (value && typeof value === 'object' && !(value instanceof RawJson)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, taint(v, character)]));
  }
  return value;
}

/** Strings no field should choke on: NUL and other control characters, huge, odd Unicode, injection attempts. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a\u0000b', '\u0000', 'x\u0000'.repeat(50)) },
  { weight: 2, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 20 }) },
  fc.constantFrom('\u007f\u0085\u2028\u2029', '\ufeffBOM', '\u202eevil', '\ud800', 'lone \udfff surrogate', 'e\u0301'.repeat(500), '🚤'.repeat(300)),
  fc.constantFrom('', ' ', '   \t\n ', '\r\n'),
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 3 }).map((i) => 'x'.repeat([257, 4_001, 20_001][i - 1]!)) },
  fc.constant('y'.repeat(120_000)),
  fc.constantFrom("' OR 1=1 --", "'; DROP TABLE users; --", "%' AND 1=1 --", '\\', '"', "'", '$1', ':id', '?', '(select 1)'),
  fc.constantFrom('../../etc/passwd', '..\\..\\windows', '/work/x.ts', 'C:\\x', 'file:///etc/passwd', 'http://169.254.169.254/'),
  fc.constantFrom('%s%n%x', '${7*7}', '{{7*7}}', '<script>alert(1)</script>', '{question}', '\\u0000', '%00', '%ZZ', '%'),
  fc.constantFrom('1e309', 'NaN', 'Infinity', '-0', '0x10', 'null', 'undefined', 'true', '[]', '{}'),
  // Almost the formats fields expect: impossible dates and times, the nil and upper-case UUIDs, odd e-mails.
  fc.constantFrom('0000-00-00', '9999-12-31', '2024-02-30', '+275760-09-13', '1969-12-31', '25:00 PM', '12:60 AM', '9:00\u00a0AM'),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'a@b', '@', `${'a'.repeat(250)}@example.com`),
  fc.string({ unit: 'binary', maxLength: 50 }),
);

/** Numbers past every limit, and what a JSON parser turns into numbers it should not (1e999 is Infinity). */
export const nastyNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, -0.5, 1.0000001, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, -1e308, 5e-324),
  fc.constantFrom(new RawJson('1e999'), new RawJson('-1e999'), new RawJson('123456789012345678901234567890'), new RawJson('1E400'), new RawJson('-0.0e-400')),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Values of the wrong kind for a schema: each type gets the others, and strings for numbers. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const options: fc.Arbitrary<unknown>[] = [fc.constant(null), fc.constant(true), fc.constant([]), fc.constant({})];
  if (!types.includes('string')) options.push(nastyString, fc.constantFrom('12', '1e3', 'abc', ''));
  if (!types.includes('number') && !types.includes('integer')) options.push(nastyNumber);
  if (!types.includes('array')) options.push(fc.array(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 3 }));
  if (!types.includes('object')) options.push(fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }));
  return fc.oneof(...options);
}

/** JSON nested `depth` levels deep, as a value (so it is sent as a JSON body or field). */
function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Object keys that try to reach prototypes. */
export const poisonKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');

/** A value the schema should refuse, or an edge it must handle: wrong types, nasty strings and numbers, nesting. */
export function badValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const arbitraries: fc.Arbitrary<unknown>[] = [wrongType(schema), fc.constantFrom(nested(5), nested(40))];
  if (types.includes('string') || schema.enum || schema.format) {
    arbitraries.push(nastyString, nastyString);
    if (schema.maxLength !== undefined) arbitraries.push(fc.constant('z'.repeat(schema.maxLength + 1)));
  }
  if (types.includes('number') || types.includes('integer')) arbitraries.push(nastyNumber, nastyNumber);
  if (types.includes('array')) arbitraries.push(fc.array(badValue(schema.items ?? {}), { minLength: 1, maxLength: 2 }), fc.constant(Array.from({ length: 10_000 }, () => 1)));
  if (types.includes('object') || schema.properties) {
    arbitraries.push(fc.dictionary(fc.oneof(poisonKeys, fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }));
  }
  return fc.oneof(...arbitraries);
}

/** A bad value as it is written in a query string or a path segment. */
export function badText(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    badValue(schema).map((value) => (typeof value === 'string' ? value : value instanceof RawJson ? value.text : encodeJson(value))),
    fc.constantFrom('1e309', '-1', '0', '0.5', '1,2', ' 1', 'NaN', '-Infinity', '0x1F', '9'.repeat(400), '', 'not-an-id'),
  );
}
