import fc from 'fast-check';
import { asText, badText, controlCharacter, nastyString, poisonKeys, printable, taint, validValue, type FieldHint } from './openapi-inputs.js';
import type { Operation } from './openapi-operations.js';
import { bodyArbitrary, type FileSamples } from './fuzz-bodies.js';

/** A request to send with app.inject, and what kind of input it carries. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Every part came from what the schemas accept and is sent the way the route expects. */
  wellFormed: boolean;
  /** How it was made, for the report: 'query bad', 'body cut-off multipart', ... */
  kind: string;
}

interface Part<T> {
  value: T;
  ok: boolean;
  kind?: string;
}

/** Written into a URL unencoded: broken escapes, dot segments, encoded slashes and NULs. */
const RAW_URL_PIECES = ['%', '%zz', '%C0%80', '%FF%FE', '..', '.', '%2e%2e', 'a%2Fb', '%00', '%E2%80%AE', '%0d%0aSet-Cookie:%20x=1', '%25'];

/** encodeURIComponent, except that a lone surrogate (no URL can carry one) is sent as U+FFFD instead of throwing. */
function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
  }
}

function pathArbitrary(op: Operation, hint: FieldHint): fc.Arbitrary<Part<string>> {
  const segments = op.pathParams.map((param) =>
    fc.oneof(
      { weight: 3, arbitrary: validValue(param.schema, hint, param.name).map((v): Part<string> => ({ value: percentEncode(asText(v)), ok: true })) },
      { weight: 3, arbitrary: badText(param.schema).map((v): Part<string> => ({ value: percentEncode(v), ok: false, kind: 'path' })) },
      { weight: 1, arbitrary: fc.tuple(validValue(param.schema, hint, param.name), controlCharacter).map(([v, c]): Part<string> => ({ value: percentEncode(taint(asText(v), c) as string), ok: false, kind: `path with ${printable(c)}` })) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES).map((v): Part<string> => ({ value: v, ok: false, kind: 'path raw' })) },
    ),
  );
  return fc.tuple(...segments).map((parts) => {
    let path = op.path;
    op.pathParams.forEach((param, i) => (path = path.replace(`{${param.name}}`, parts[i]!.value)));
    return { value: path, ok: parts.every((p) => p.ok), kind: parts.find((p) => !p.ok)?.kind };
  });
}

function queryArbitrary(op: Operation, hint: FieldHint): fc.Arbitrary<Part<string>> {
  const pair = (name: string, value: string) => `${percentEncode(name)}=${percentEncode(value)}`;
  const params = op.query.map((param) => {
    const valid = validValue(param.schema, hint, param.name).map((v): Part<string> => ({ value: pair(param.name, asText(v)), ok: true }));
    const options: fc.WeightedArbitrary<Part<string>>[] = [
      { weight: 3, arbitrary: valid },
      { weight: 2, arbitrary: badText(param.schema).map((v) => ({ value: pair(param.name, v), ok: false, kind: 'query' })) },
      { weight: 2, arbitrary: fc.tuple(validValue(param.schema, hint, param.name), controlCharacter).map(([v, c]) => ({ value: pair(param.name, taint(asText(v), c) as string), ok: false, kind: `query with ${printable(c)}` })) },
      // Arrays where one value is expected, in both spellings clients use.
      { weight: 1, arbitrary: fc.constantFrom(`${param.name}=1&${param.name}=2`, `${param.name}[]=a`, `${param.name}[a][b]=c`, param.name).map((v) => ({ value: v, ok: false, kind: 'query shape' })) },
    ];
    if (!param.required) options.push({ weight: 2, arbitrary: fc.constant({ value: '', ok: true }) });
    return fc.oneof(...options);
  });
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant<Part<string>>({ value: '', ok: true }) },
    { weight: 1, arbitrary: fc.tuple(fc.oneof(poisonKeys, fc.string({ maxLength: 10 })), nastyString).map(([k, v]) => ({ value: pair(k, v), ok: false, kind: 'query extra' })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES, '&&&', '=', '==&=', 'a=%', '%3D%3D', '?x=1').map((v) => ({ value: v, ok: false, kind: 'query malformed' })) },
  );
  return fc.tuple(fc.tuple(...params), extra).map(([parts, more]) => {
    const all = [...parts, more];
    return {
      value: all.map((p) => p.value).filter(Boolean).join('&'),
      ok: all.every((p) => p.ok),
      kind: all.find((p) => !p.ok)?.kind,
    };
  });
}

/** Header values must be visible ASCII for the HTTP layer to carry them at all. */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 8_000);
}

function headersArbitrary(op: Operation, hint: FieldHint): fc.Arbitrary<Part<Record<string, string>>> {
  const params = op.headers.map((param) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant<Part<[string, string] | null>>({ value: null, ok: !param.required }) },
      { weight: 2, arbitrary: validValue(param.schema, hint, param.name).map((v): Part<[string, string] | null> => ({ value: [param.name, headerSafe(asText(v))], ok: true })) },
      { weight: 2, arbitrary: badText(param.schema).map((v): Part<[string, string] | null> => ({ value: [param.name, headerSafe(v)], ok: false, kind: 'header' })) },
    ),
  );
  const extra = fc.option(
    fc.constantFrom<[string, string]>(['accept-encoding', 'gzip, br'], ['accept', 'text/html'], ['x-forwarded-for', '1.2.3.4, not-an-address'], ['accept-language', '*;q=x']),
    { freq: 3 },
  );
  return fc.tuple(fc.tuple(...params), extra).map(([parts, more]) => ({
    value: Object.fromEntries([...parts.map((p) => p.value), more].filter((e): e is [string, string] => e !== null)),
    ok: parts.every((p) => p.ok),
    kind: parts.find((p) => !p.ok)?.kind,
  }));
}

/**
 * Requests for one operation: about a third well-formed (so the route's own code runs), the rest with bad
 * path parameters, query strings, headers or bodies, generated from the operation's schemas.
 */
export function requestArbitrary(op: Operation, files: FileSamples, hint: FieldHint): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(pathArbitrary(op, hint), queryArbitrary(op, hint), headersArbitrary(op, hint), bodyArbitrary(op, files, hint)).map(([path, query, headers, body]) => {
    const parts = [path, query, headers];
    return {
      method: op.method,
      url: query.value ? `${path.value}?${query.value}` : path.value,
      headers: { ...headers.value, ...(body.contentType !== undefined ? { 'content-type': body.contentType } : {}) },
      payload: body.payload,
      wellFormed: parts.every((p) => p.ok) && body.ok,
      kind: [...parts.filter((p) => !p.ok).map((p) => p.kind), body.kind].join('; '),
    };
  });
}

/** The request as a report shows it: short enough to read, exact enough to send again. */
export function describeRequest(request: FuzzRequest): string {
  const payload = request.payload === undefined ? '' : Buffer.isBuffer(request.payload) ? request.payload.toString('latin1') : request.payload;
  const shown = payload.length > 600 ? `${JSON.stringify(payload.slice(0, 600))}... (${payload.length} characters)` : JSON.stringify(payload);
  const url = request.url.length > 300 ? `${request.url.slice(0, 300)}... (${request.url.length} characters)` : request.url;
  return `${request.method} ${url}\n  headers: ${JSON.stringify(request.headers)}\n  body: ${shown}\n  input: ${request.kind}`;
}

/** The segment's first letter (outside its escapes) percent-encoded, once or (`%25` for the `%`) twice. */
function letterEncoded(segment: string, twice = false): string | null {
  for (let i = 0; i < segment.length; i++) {
    if (segment[i] === '%') i += 2;
    else if (/[a-z]/i.test(segment[i]!)) {
      const escape = `%${segment.charCodeAt(i).toString(16)}`;
      return segment.slice(0, i) + (twice ? escape.replace('%', '%25') : escape) + segment.slice(i + 1);
    }
  }
  return null;
}

/**
 * The request's address spelled as the router or a browser reads it while a test on its raw prefix does
 * not: a letter of the first segment (`/%61pi/`) and of the last one percent-encoded, the first one
 * double-encoded (`/%2561pi/`), dot segments inside and before it, a single-dot segment, a doubled
 * slash. The query stays as it was.
 */
export function pathSpellings(url: string): { spelling: string; url: string }[] {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const [first = '', ...others] = path.slice(1).split('/');
  const tail = others.length ? `/${others.join('/')}` : '';
  const last = others.at(-1);
  const lastEncoded = last === undefined ? null : letterEncoded(last);
  const variants = [
    { spelling: 'a letter of the first segment percent-encoded', url: `/${letterEncoded(first)}${tail}` },
    ...(lastEncoded ? [{ spelling: 'a letter of the last segment percent-encoded', url: `/${[first, ...others.slice(0, -1), lastEncoded].join('/')}` }] : []),
    { spelling: 'a letter of the first segment double-encoded', url: `/${letterEncoded(first, true)}${tail}` },
    { spelling: 'dot segments inside the path', url: `/${first}/x/..${tail || '/'}` },
    { spelling: 'dot segments before the path', url: `/x/..${path}` },
    { spelling: 'a single-dot segment', url: `/${first}/.${tail || '/'}` },
    { spelling: 'a doubled slash', url: `/${path}` },
  ];
  return variants.map((variant) => ({ ...variant, url: variant.url + query }));
}
