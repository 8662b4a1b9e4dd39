import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error.js';

/** JSON deeper than this is no form or API call of ours; parsing, validating or re-sending it only costs. */
export const MAX_JSON_DEPTH = 32;

export const NUL_MESSAGE = 'The request contains a NUL character (\\u0000), which no field accepts.';
export const TOO_DEEP_MESSAGE = `The JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body exactly as it arrived, for routes that pass it on (Better Auth) rather than re-serialise it. */
    rawJson?: string;
  }
}

/** How deeply arrays and objects nest in JSON text, stopping as soon as it passes `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * A NUL escape in JSON text: `\u0000` preceded by an even number of backslashes (`\\u0000` is a backslash
 * followed by the letters u0000). JSON cannot carry a raw NUL inside a string, so this is the only way in.
 */
const JSON_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/i;

/** %00 anywhere in the path or query, however the percent-encoding is cased. */
const URL_NUL = /%00/i;

/**
 * Input rules every route shares, checked before any route sees the request: no NUL character in the
 * URL or a JSON body (PostgreSQL refuses it in text, so it could only ever fail later, as a 500), JSON
 * no deeper than MAX_JSON_DEPTH; then Fastify's own parser (400 for malformed JSON, prototype poisoning).
 */
export function registerRequestInputRules(app: FastifyInstance) {
  // Hooks that run on every request are callback-style: an async hook costs a promise and a turn of the
  // microtask queue per request, and a cached listing page is answered in some 70 microseconds.
  app.addHook('onRequest', (request, _reply, done) => {
    if (URL_NUL.test(request.url) || request.url.includes('\0')) return done(new AppError('BAD_REQUEST', NUL_MESSAGE));
    done();
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (JSON_NUL.test(text)) return done(new AppError('BAD_REQUEST', NUL_MESSAGE), undefined);
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(new AppError('BAD_REQUEST', TOO_DEEP_MESSAGE), undefined);
    request.rawJson = text;
    parseJson(request, text, done);
  });
}
