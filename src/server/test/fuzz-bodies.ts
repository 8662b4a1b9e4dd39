import fc from 'fast-check';
import { asText, badText, badValue, controlCharacter, encodeJson, nastyString, poisonKeys, printable, taint, validValue, type FieldHint, type JsonSchema } from './openapi-inputs.js';
import type { MultipartForm, Operation } from './openapi-operations.js';

export interface FilePart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body; `cutAt` drops everything from that byte on, `unclosed` leaves out the closing boundary. */
export function multipartBody(parts: FilePart[], options: { boundary?: string; cutAt?: number; unclosed?: boolean } = {}): Buffer {
  const boundary = options.boundary ?? 'fuzzboundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename !== undefined ? `form-data; name="${part.name}"; filename="${part.filename}"` : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (part.type) chunks.push(Buffer.from(`Content-Type: ${part.type}\r\n`));
    chunks.push(Buffer.from('\r\n'), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  if (!options.unclosed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return options.cutAt === undefined ? body : body.subarray(0, Math.min(options.cutAt, body.length - 1));
}

export interface RequestBody {
  payload?: string | Buffer;
  contentType?: string;
  ok: boolean;
  kind: string;
}

const JSON_TYPE = 'application/json';
const WRONG_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=utf-16', 'application/xml', 'application/jsonx', ''];

/** JSON text no handler should see: deep nesting, cut-off and broken JSON, NUL escapes, a body over the limit. */
const RAW_JSON_TEXTS = fc.constantFrom(
  '['.repeat(10_000) + ']'.repeat(10_000),
  '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  '',
  ' ',
  'null',
  '"\\u0000"',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\ufeff{}',
  `{"a":"${'b'.repeat(300_000)}"}`,
);

function jsonBody(value: unknown, ok: boolean, kind: string): RequestBody {
  return { payload: encodeJson(value), contentType: JSON_TYPE, ok, kind };
}

/** A valid object with fields removed, added or replaced by bad values. */
function mutatedObject(schema: JsonSchema, hint: FieldHint): fc.Arbitrary<RequestBody> {
  const properties = Object.entries(schema.properties ?? schema.oneOf?.[0]?.properties ?? {});
  const base = validValue(schema, hint).map((v) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as object) } : {}));
  const mutation = fc.oneof(
    fc.record({ op: fc.constant('drop' as const), key: properties.length ? fc.constantFrom(...properties.map(([k]) => k)) : fc.constant('x') }),
    fc.record({ op: fc.constant('extra' as const), key: fc.oneof(poisonKeys, fc.string({ maxLength: 12 })), value: fc.jsonValue({ maxDepth: 2 }) }),
    ...properties.map(([key, propertySchema]) => fc.record({ op: fc.constant('bad' as const), key: fc.constant(key), value: badValue(propertySchema) })),
  );
  return fc.tuple(base, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([object, mutations]) => {
    const record = object as Record<string, unknown>;
    for (const m of mutations) {
      if (m.op === 'drop') delete record[m.key];
      // defineProperty, so '__proto__' becomes an own key that JSON.stringify writes out.
      else Object.defineProperty(record, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    }
    return jsonBody(record, false, `body ${mutations.map((m) => `${m.op} ${m.key}`).join(', ')}`);
  });
}

function genericMultipart(): fc.Arbitrary<RequestBody> {
  return fc
    .tuple(fc.string({ maxLength: 8 }), nastyString, fc.boolean())
    .map(([name, value, cut]) => {
      const payload = multipartBody([{ name: name || 'f', value }, { name: 'file', value: Buffer.from('x'), filename: 'x.bin' }], { unclosed: cut });
      return { payload, contentType: 'multipart/form-data; boundary=fuzzboundary', ok: false, kind: cut ? 'multipart unclosed' : 'multipart' };
    });
}

/** Bodies for an operation that documents a JSON body. */
function jsonBodies(schema: JsonSchema, required: boolean, hint: FieldHint): fc.Arbitrary<RequestBody> {
  return fc.oneof(
    { weight: 6, arbitrary: validValue(schema, hint).map((v) => jsonBody(v, true, 'body valid')) },
    { weight: 6, arbitrary: mutatedObject(schema, hint) },
    { weight: 3, arbitrary: fc.tuple(validValue(schema, hint), controlCharacter).map(([v, c]) => jsonBody(taint(v, c), false, `body strings with ${printable(c)}`)) },
    { weight: 3, arbitrary: badValue(schema).map((v) => jsonBody(v, false, 'body wrong type')) },
    { weight: 3, arbitrary: RAW_JSON_TEXTS.map((text): RequestBody => ({ payload: text, contentType: JSON_TYPE, ok: false, kind: 'body raw' })) },
    {
      weight: 2,
      arbitrary: fc.tuple(validValue(schema, hint), fc.constantFrom(...WRONG_TYPES)).map(([v, type]): RequestBody => ({ payload: encodeJson(v), contentType: type, ok: false, kind: `content-type '${type}'` })),
    },
    { weight: 1, arbitrary: genericMultipart() },
    { weight: 1, arbitrary: fc.constant<RequestBody>({ ok: !required, kind: 'no body' }) },
  );
}

/** Bodies for an operation that documents none: mostly none, sometimes junk it must ignore or refuse. */
function extraBodies(): fc.Arbitrary<RequestBody> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<RequestBody>({ ok: true, kind: 'no body' }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => jsonBody(v, false, 'unexpected body')) },
    { weight: 1, arbitrary: RAW_JSON_TEXTS.map((text): RequestBody => ({ payload: text, contentType: JSON_TYPE, ok: false, kind: 'unexpected raw body' })) },
    { weight: 1, arbitrary: genericMultipart() },
  );
}

/** Files for a multipart form: the ones given (a real photo), and what is no photo at all. */
export interface FileSamples {
  valid: Buffer[];
  invalid: Buffer[];
}

function multipartBodies(form: MultipartForm, files: FileSamples, hint: FieldHint): fc.Arbitrary<RequestBody> {
  const fieldEntries = Object.entries(form.fields.properties ?? {});
  const validFields = validValue(form.fields, hint).map((v) => Object.entries((v ?? {}) as Record<string, unknown>).map(([name, value]) => ({ name, value: asText(value) })));
  const badFields = fc.tuple(
    validFields,
    fc.array(
      fc.oneof(
        ...fieldEntries.map(([name, schema]) => badText(schema).map((value) => ({ name, value }))),
        fc.tuple(fc.oneof(poisonKeys, fc.string({ maxLength: 8 })), nastyString).map(([name, value]) => ({ name, value })),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  ).map(([good, bad]) => [...good.filter((g) => !bad.some((b) => b.name === g.name)), ...bad]);
  const file = (ok: boolean) =>
    fc
      .tuple(fc.constantFrom(...form.files), fc.constantFrom(...(ok ? files.valid : files.invalid)), fc.constantFrom('photo.jpg', '../../x.jpg', 'a\u0001.png', ''), fc.constantFrom('image/jpeg', 'image/png', 'text/plain', 'application/octet-stream'))
      .map(([name, value, filename, type]): FilePart => ({ name, value, filename, type }));
  const send = (parts: FilePart[], ok: boolean, kind: string, options: Parameters<typeof multipartBody>[1] = {}, contentType = 'multipart/form-data; boundary=fuzzboundary'): RequestBody => ({
    payload: multipartBody(parts, options),
    contentType,
    ok,
    kind,
  });
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(validFields, file(true)).map(([fields, f]) => send([f, ...fields], true, 'multipart valid')) },
    { weight: 4, arbitrary: fc.tuple(badFields, file(true)).map(([fields, f]) => send([f, ...fields], false, `multipart fields ${fields.map((x) => x.name).join(',')}`)) },
    {
      weight: 2,
      arbitrary: fc.tuple(validFields, file(true), controlCharacter).map(([fields, f, c]) =>
        send([f, ...fields.map((field) => ({ ...field, value: taint(field.value, c) as string }))], false, `multipart fields with ${printable(c)}`),
      ),
    },
    { weight: 2, arbitrary: fc.tuple(validFields, file(false)).map(([fields, f]) => send([f, ...fields], false, 'multipart not a photo')) },
    { weight: 1, arbitrary: validFields.map((fields) => send(fields, false, 'multipart without file')) },
    {
      weight: 3,
      arbitrary: fc.tuple(validFields, file(true), fc.integer({ min: 10, max: 400 }), fc.boolean()).map(([fields, f, cutAt, unclosed]) =>
        send([f, ...fields], false, unclosed ? 'multipart unclosed' : `multipart cut at ${cutAt}`, unclosed ? { unclosed } : { cutAt }),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(validFields, file(true), fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=other', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=fuzzboundary', JSON_TYPE))
        .map(([fields, f, type]) => send([f, ...fields], false, `multipart as '${type}'`, {}, type)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(file(true), fc.integer({ min: 5, max: 20 }))
        .map(([f, n]) => send([f, ...Array.from({ length: n }, (_, i) => ({ name: `field${i}`, value: 'v' })), f], false, `multipart ${n} extra parts`)),
    },
    { weight: 1, arbitrary: fc.constant<RequestBody>({ ok: false, kind: 'no body' }) },
    { weight: 1, arbitrary: fc.constantFrom('', '--fuzzboundary', '--fuzzboundary\r\n\r\n', 'garbage').map((text) => ({ payload: text, contentType: 'multipart/form-data; boundary=fuzzboundary', ok: false, kind: 'multipart garbage' })) },
  );
}

/** Bodies for the operation: its JSON body or multipart form, or (when it takes none) mostly none. */
export function bodyArbitrary(op: Operation, files: FileSamples, hint: FieldHint): fc.Arbitrary<RequestBody> {
  if (op.multipart) return multipartBodies(op.multipart, files, hint);
  if (op.body) return jsonBodies(op.body.schema, op.body.required, hint);
  return extraBodies();
}
