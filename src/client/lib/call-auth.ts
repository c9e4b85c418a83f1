import { INVALID_RESET_TOKEN_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from '../../domain/auth';
import { ApiError } from '~/lib/api-client';

/** The error object better-auth's client answers with instead of throwing. */
interface AuthClientError {
  readonly status: number;
  readonly statusText: string;
  readonly code?: string;
  readonly message?: string;
}

interface AuthClientResult {
  readonly error: AuthClientError | null;
}

const NETWORK_MESSAGE = 'We could not reach the store. Check your connection and try again.';

function toApiError(error: AuthClientError): ApiError {
  if (error.status === 429) {
    return new ApiError({ status: 429, code: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS_MESSAGE });
  }
  const code = error.code ?? 'AUTH_FAILED';
  const message =
    code === 'INVALID_TOKEN'
      ? INVALID_RESET_TOKEN_MESSAGE
      : error.message || error.statusText || 'Something went wrong. Please try again.';
  return new ApiError({ status: error.status, code, message });
}

/** Runs a better-auth client call and turns its `{ error }` answer into a thrown ApiError. */
export async function callAuth(call: () => Promise<AuthClientResult>): Promise<void> {
  let result: AuthClientResult;
  try {
    result = await call();
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_MESSAGE });
  }
  if (result.error) throw toApiError(result.error);
}
