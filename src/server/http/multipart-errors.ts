import { AppError } from '../core/app-error.js';

const CUT_OFF = 'The upload was cut off or is not valid multipart form data. Please send it again.';

/** @fastify/multipart's own errors, by code, in words for the sender. */
const BY_CODE: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than this upload allows.'),
  FST_PARTS_LIMIT: () => new AppError('PAYLOAD_TOO_LARGE', 'The upload has too many parts.'),
  FST_FILES_LIMIT: () => new AppError('PAYLOAD_TOO_LARGE', 'The upload has too many files.'),
  FST_FIELDS_LIMIT: () => new AppError('PAYLOAD_TOO_LARGE', 'The upload has too many fields.'),
  FST_PROTO_VIOLATION: () => new AppError('BAD_REQUEST', 'The upload has a field name that is not allowed.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('BAD_REQUEST', 'Send the upload as multipart/form-data.'),
  FST_INVALID_JSON_FIELD_ERROR: () => new AppError('BAD_REQUEST', 'A field of the upload is not valid JSON.'),
  FST_MP_PREMATURE_CLOSE: () => new AppError('BAD_REQUEST', CUT_OFF),
};

/** Busboy's errors carry no code, only these messages. */
const BUSBOY_MESSAGES = /unexpected end of (multipart data|form)|boundary not found|malformed (part )?header/i;

/** The AppError for a multipart parsing failure, or null when the error is something else. */
export function multipartError(error: unknown): AppError | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code]();
  if (code === undefined && BUSBOY_MESSAGES.test(error.message)) return new AppError('BAD_REQUEST', CUT_OFF);
  return null;
}
