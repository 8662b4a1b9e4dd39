import type { ApiErrorBody } from '@common/api-error';

/**
 * A non-OK answer. Its message is '{status}: {body text}' (docs/PRODUCT.md#requests-and-errors); `serverMessage` is the
 * `message` field of our JSON error body, which is what toasts show.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    /** From a 429 or 503's Retry-After (in seconds), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${body}`);
  }

  private get parsed(): Partial<ApiErrorBody> {
    try {
      const value: unknown = JSON.parse(this.body);
      return value && typeof value === 'object' ? (value as Partial<ApiErrorBody>) : {};
    } catch {
      return {};
    }
  }

  get serverMessage(): string | undefined {
    return typeof this.parsed.message === 'string' ? this.parsed.message : undefined;
  }

  get fieldErrors(): Record<string, string> {
    return this.parsed.errors ?? {};
  }
}

async function throwIfNotOk(response: Response) {
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    throw new ApiError(response.status, text, Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined);
  }
}

/** Every call goes through here: JSON in, cookies always sent, non-OK answers thrown as ApiError. */
export async function apiRequest(
  method: string,
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(path, {
    method,
    headers: data === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export async function apiJson<T>(
  method: string,
  path: string,
  data?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  return readJson<T>(await apiRequest(method, path, data, headers));
}

/**
 * A multipart upload with apiRequest's contract: cookies sent, a non-OK answer thrown as ApiError. The
 * browser sets the multipart Content-Type with its boundary, so none is given here.
 */
export async function apiForm<T>(path: string, form: FormData, method = 'POST', headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(path, { method, body: form, headers, credentials: 'include' });
  await throwIfNotOk(response);
  return readJson<T>(response);
}

/** The text a toast shows for a failed call: the server's message, else the given fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The default reader: a GET of the query key's path. */
export async function getQueryFn({ queryKey }: { queryKey: readonly unknown[] }): Promise<unknown> {
  const response = await fetch(queryKey.join('/'), { credentials: 'include' });
  await throwIfNotOk(response);
  return response.json();
}
