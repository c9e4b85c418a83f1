import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { ERROR_MESSAGES, ERROR_STATUS, type ErrorBody, type ErrorCode } from '../domain/api-error.ts';
import type { Logger } from './logger.ts';
import { isDatabaseAway, noteDatabaseAway } from './process-faults.ts';

export type FieldErrors = Record<string, string[]>;

/** The one error type of the API: a stable code, a message for people, optional field errors. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fieldErrors?: FieldErrors,
    /** What the client needs to recover, as the error code names it (api-error.ts). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? (ERROR_MESSAGES as Partial<Record<ErrorCode, string>>)[code] ?? code);
    this.name = 'AppError';
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

export function fieldErrorsOf(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export function validationError(error: ZodError): AppError {
  const fieldErrors = fieldErrorsOf(error);
  const first = error.issues[0]?.message;
  return new AppError('VALIDATION_FAILED', first ?? ERROR_MESSAGES.VALIDATION_FAILED, fieldErrors);
}

export function errorBody(error: AppError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      ...(error.details ? { details: error.details } : {}),
    },
  };
}

function fromHttpException(error: HTTPException): AppError {
  if (error.status === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (error.status === 400 && /json/i.test(error.message)) return new AppError('MALFORMED_JSON');
  const code = (Object.entries(ERROR_STATUS).find(([, status]) => status === error.status)?.[0] ??
    'BAD_REQUEST') as ErrorCode;
  return new AppError(code, error.message || undefined);
}

/** Maps any thrown value to the stable JSON error body; unknown errors are logged and masked. */
/** While the database is away the store answers 503 with this, and asks to be tried again in RETRY_AFTER_SECONDS. */
export const DATABASE_AWAY_MESSAGE = 'The store is briefly unavailable. Please try again in a moment.';
const RETRY_AFTER_SECONDS = 5;

export function handleError(error: unknown, c: Context, logger: Logger): Response {
  let appError: AppError;
  if (error instanceof AppError) appError = error;
  else if (error instanceof ZodError) appError = validationError(error);
  else if (error instanceof HTTPException) appError = fromHttpException(error);
  else if (isDatabaseAway(error)) {
    // The database stopped or restarted: the pool reconnects by itself; meanwhile a clear 503.
    noteDatabaseAway((c.get('logger') as Logger | undefined) ?? logger, error);
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    appError = new AppError('UNAVAILABLE', DATABASE_AWAY_MESSAGE);
  } else {
    const log: Logger = (c.get('logger') as Logger | undefined) ?? logger;
    log.error({ err: error }, 'unhandled error');
    appError = new AppError('INTERNAL');
  }
  return c.json(errorBody(appError), appError.status);
}
