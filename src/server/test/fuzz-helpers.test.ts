import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { errorShapeProblems, leaksIn, sentStrings } from './fuzz-answers.js';
import { encodeJson, RawJson, taint, validValue, type JsonSchema } from './openapi-inputs.js';
import { operationsOf, type OpenApiDocument } from './openapi-operations.js';
import { multipartBody } from './fuzz-bodies.js';
import { requestArbitrary } from './fuzz-requests.js';

const leaks = (body: string, sent: string[] = []) => leaksIn(body, JSON.parse(body), sent);

describe('the fuzz test finds leaks', () => {
  it('in stack traces, SQL, database errors, file paths and internal codes', () => {
    expect(leaks('{"message":"TypeError: x is undefined\\n    at handler (/app/dist/server/main.js:10:5)"}').join()).toMatch(/stack frame.*error name|error name.*stack frame/);
    expect(leaks('{"message":"Failed query: select \\"id\\" from \\"sessions\\" where x = $1"}').join()).toMatch(/SQL/);
    expect(leaks('{"message":"insert or update on table \\"bookings\\" violates foreign key constraint"}').join()).toMatch(/database error/);
    expect(leaks('{"message":"ENOENT at /work/main/src/server/app.ts:12"}').join()).toMatch(/file path/);
    expect(leaks('{"message":"\'/api/x/%zz\' is not a valid url component","code":"FST_ERR_BAD_URL"}').join()).toMatch(/internal error code/);
  });

  it('but not in our own words, nor in what the request sent and the answer quotes back', () => {
    expect(leaks('{"message":"Please select an image file"}')).toEqual([]);
    expect(leaks('{"firstName":"\'; select * from users; --"}', ["'; select * from users; --"])).toEqual([]);
    expect(sentStrings('/api/experts?q=insert%20into%20x', undefined)).toContain('insert into x');
  });

  it('in error answers that are not JSON {message}, or carry a code that is not a public word', () => {
    expect(errorShapeProblems('text/html', undefined)).toEqual(['content-type is text/html, not JSON', 'the body is not a JSON object']);
    expect(errorShapeProblems('application/json', { error: 'Bad Request' })).toEqual(['it has no message']);
    expect(errorShapeProblems('application/json', { message: 'x', code: 'FST_ERR_MAX_PARAM_LENGTH' })).toEqual(['it carries the internal code "FST_ERR_MAX_PARAM_LENGTH"']);
    expect(errorShapeProblems('application/json', { message: 'x', code: '23505' })).toHaveLength(1);
    expect(errorShapeProblems('application/json; charset=utf-8', { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' })).toEqual([]);
  });
});

describe('the fuzz inputs', () => {
  it('write numbers JSON.stringify cannot, and put a character into every string', () => {
    expect(encodeJson({ limit: new RawJson('1e999'), q: ['a'] })).toBe('{"limit":1e999,"q":["a"]}');
    expect(taint({ a: 'abcd', b: [1, 'xy'] }, '\u0000')).toEqual({ a: 'ab\u0000cd', b: [1, 'x\u0000y'] });
  });

  it('that are meant to be valid keep to the schema', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { name: { type: 'string', minLength: 1, maxLength: 5 }, hours: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 8 }, note: { type: 'string', nullable: true } },
      required: ['name', 'hours'],
    };
    fc.assert(
      fc.property(validValue(schema), (value) => {
        const v = value as { name: string; hours: number };
        return v.name.length >= 1 && v.name.length <= 5 && Number.isInteger(v.hours) && v.hours >= 1 && v.hours <= 8;
      }),
      { seed: 1 },
    );
  });

  it('cover every operation of a document, with bad path parameters, queries and bodies', () => {
    const document: OpenApiDocument = {
      paths: {
        '/api/things/{id}': {
          post: {
            parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }, { in: 'query', name: 'limit', schema: { type: 'integer' } }],
            requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } } },
            responses: { 200: {}, 401: {} },
          },
        },
      },
    };
    const [op] = operationsOf(document);
    expect(op).toMatchObject({ key: 'POST /api/things/{id}', documented: new Set([200, 401]) });
    const requests = fc.sample(requestArbitrary(op!, { valid: [], invalid: [] }, () => undefined), { seed: 7, numRuns: 200 });
    expect(requests.some((r) => r.wellFormed)).toBe(true);
    expect(requests.some((r) => r.url.includes('%00') || String(r.payload).includes('\\u0000'))).toBe(true);
    expect(requests.some((r) => r.kind.includes('body raw'))).toBe(true);
    expect(requests.some((r) => r.kind.includes('query'))).toBe(true);
    expect(requests.every((r) => r.url.startsWith('/api/things/'))).toBe(true);
  });

  it('include multipart bodies cut off before their closing boundary', () => {
    const whole = multipartBody([{ name: 'description', value: 'leak' }]).toString();
    expect(whole.endsWith('--fuzzboundary--\r\n')).toBe(true);
    expect(multipartBody([{ name: 'description', value: 'leak' }], { unclosed: true }).toString()).not.toContain('--fuzzboundary--');
    expect(multipartBody([{ name: 'description', value: 'leak' }], { cutAt: 20 })).toHaveLength(20);
  });
});
