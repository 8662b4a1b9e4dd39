import type { FastifyServerOptions } from 'fastify';

/**
 * What never reaches the log, in one place. Logs are read by operators and shipped to other systems:
 * they get the error and the query's shape, never the values a user sent or a row holds.
 */
export const LOG_REDACTIONS = {
  /** Request and response headers that carry credentials. */
  paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-operator-token"]', 'res.headers["set-cookie"]'],
  /**
   * The only error fields logged besides type, message, stack and cause. Left out on purpose: a query's
   * `params`, and PostgreSQL's `detail` ("Key (email)=(ann@example.com) already exists") and `where`.
   */
  errorFields: ['code', 'statusCode', 'constraint', 'table', 'column', 'schema', 'severity', 'routine', 'query', 'errno', 'syscall'],
  /** Secrets in addresses: password-reset tokens in the path or the query. */
  urlSecrets: [/(\/reset-password\/)[^/?#]+/g, /([?&](?:token|code|secret)=)[^&#]*/gi] as RegExp[],
};

export function redactUrl(url: string): string {
  return LOG_REDACTIONS.urlSecrets.reduce((text, pattern) => text.replace(pattern, '$1[redacted]'), url);
}

/**
 * Drizzle puts every parameter into its message ("Failed query: <sql>\nparams: ann@example.com,Ann"), and
 * PostgreSQL's data exceptions (class 22) quote the value they refused ('invalid input syntax for type
 * integer: "ann@example.com"').
 */
function safeMessage(error: Error & { query?: unknown; params?: unknown; code?: unknown; severity?: unknown }): string {
  const fromPostgres = error.severity !== undefined && typeof error.code === 'string';
  if (fromPostgres) return error.code!.toString().startsWith('22') ? error.message.replace(/"[^"]*"/g, '"[redacted]"') : error.message;
  if (typeof error.query === 'string' && Array.isArray(error.params)) {
    return `Failed query: ${error.query} (${error.params.length} parameters, not logged)`;
  }
  return error.message;
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** An error as the log may show it: type, message, stack and diagnostic fields, with the data taken out. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const message = safeMessage(error);
  // Through a function: a replacement string would read the query's `$$` or `$&` as patterns.
  const stack = (error.stack ?? '').replace(error.message, () => message);
  const out: SerializedError = { type: error.constructor.name, message, stack };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of LOG_REDACTIONS.errorFields) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

function serializeRequest(request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: LOG_REDACTIONS.paths, censor: '[redacted]' },
    serializers: { err: (error) => serializeError(error), error: (error: unknown) => serializeError(error), req: serializeRequest },
  };
}
