import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../common/api-error.js';
import { AppError } from '../core/app-error.js';
import { toAppError } from '../core/database-error.js';
import { multipartError } from './multipart-errors.js';

/** Turns zod issues into the field map of an error body: the first message for each field. */
export function fieldErrors(issues: { instancePath?: string; message?: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    errors[field] ??= issue.message ?? 'Invalid value';
  }
  return errors;
}

/** When a client may try again, if the failure does not say. */
const DEFAULT_RETRY_AFTER_SECONDS: Record<number, number> = { 429: 60, 503: 5 };

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((raw: FastifyError, request, reply) => {
    const error = (multipartError(raw) ?? toAppError(raw)) as FastifyError;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const body: ApiErrorBody = { message: Object.values(errors)[0] ?? 'Invalid request', errors };
      return reply.status(400).send(body);
    }
    if (error instanceof AppError) {
      if (error.statusCode === 429 || error.statusCode === 503) {
        reply.header('retry-after', String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS[error.statusCode]));
      }
      const body: ApiErrorBody = { message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      return reply.status(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own client errors (malformed JSON, body too large, unsupported media type, rate limits).
    const message =
      status === 413
        ? 'The request is too large.'
        : status === 415
          ? 'Unsupported content type; send JSON.'
          : error.message;
    return reply.status(status).send({ message });
  });
}
