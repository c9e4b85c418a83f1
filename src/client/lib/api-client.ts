import type { Check } from '../../domain/answer-checks';

/** An API call that failed, carrying the server's stable error code and any per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;
  /** What the server gave to recover with, as the error code names it (domain/api-error.ts). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    fieldErrors?: Record<string, readonly string[]>;
    details?: Record<string, unknown>;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors ?? {};
    this.details = options.details ?? {};
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What an answer is read with: a zod schema, or a reader of a zod-free check for the answers every
 * page reads as it starts (`readerOf`, ADR 097).
 */
export interface AnswerReader<T> {
  safeParse(data: unknown): AnswerRead<T> | Promise<AnswerRead<T>>;
}
type AnswerRead<T> = { success: true; data: T } | { success: false };

/** A check from domain/answer-checks.ts as a reader: the answer itself when it passes. */
export const readerOf = <T>(check: Check<T>): AnswerReader<T> => ({
  safeParse: (data) => (check(data) ? { success: true, data } : { success: false }),
});

interface RequestOptions<T> {
  readonly schema: AnswerReader<T>;
  readonly method?: Method;
  /** Sent as JSON; a FormData goes as multipart/form-data, its boundary set by the browser. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

// Loaded on the first failure only, so zod is not part of the JS every page needs to start.
const errorShapes = () => import('../../domain/api-error');

async function errorFrom(response: Response): Promise<ApiError> {
  const [{ ERROR_MESSAGES, errorBodySchema }, body] = await Promise.all([
    errorShapes(),
    response.json().catch(() => null),
  ]);
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fieldErrors, details } = parsed.data.error;
    return new ApiError({ status: response.status, code, message, fieldErrors, details });
  }
  const code = response.status === 429 ? 'RATE_LIMITED' : response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  const message =
    code === 'RATE_LIMITED'
      ? ERROR_MESSAGES.RATE_LIMITED
      : code === 'INTERNAL'
        ? ERROR_MESSAGES.INTERNAL
        : response.statusText;
  return new ApiError({ status: response.status, code, message });
}

/** Calls the store's API on the same origin and checks the answer against its schema. */
export async function apiRequest<T>(
  path: string,
  { schema, method = 'GET', body, signal }: RequestOptions<T>,
): Promise<T> {
  let response: Response;
  const asJson = body !== undefined && !(body instanceof FormData);
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: asJson
        ? { Accept: 'application/json', 'Content-Type': 'application/json' }
        : { Accept: 'application/json' },
      body: asJson ? JSON.stringify(body) : (body as FormData | undefined),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      status: 0,
      code: 'NETWORK',
      message: 'We could not reach the store. Check your connection and try again.',
    });
  }
  if (!response.ok) throw await errorFrom(response);
  const parsed = await schema.safeParse(await response.json());
  if (!parsed.success) {
    const { ERROR_MESSAGES } = await errorShapes();
    throw new ApiError({ status: response.status, code: 'UNEXPECTED_RESPONSE', message: ERROR_MESSAGES.INTERNAL });
  }
  return parsed.data;
}
