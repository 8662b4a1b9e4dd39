/** The kinds of failure a service may report on purpose; the HTTP error handler maps each to its status. */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'GONE'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

const statusOf: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * An error a service throws on purpose; the error handler turns it into its HTTP status and
 * `{message, errors?}`. It lives outside `http/` so services and jobs can throw it without HTTP code.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    /** For 429 and 503: when a retry may succeed, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.statusCode = statusOf[code];
  }

  /** A 400 about one field: the message is the answer's and the field's, so a form shows it in place. */
  static onField(field: string, message: string): AppError {
    return new AppError('BAD_REQUEST', message, { [field]: message });
  }
}
