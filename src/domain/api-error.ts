import { z } from 'zod';

/** Every error the API answers with, and the HTTP status it maps to. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ORDER_TRANSITION_FORBIDDEN: 409,
  /** The unlock's quote expired or was superseded at another price: `details.quote` is the new one. */
  QUOTE_CHANGED: 409,
  /** An unlock for this IMEI is already paid and in progress: `details.order_url` leads to it. */
  UNLOCK_IN_PROGRESS: 409,
  /** A device refused a check or service before payment (reported lost or stolen, unknown, or a product not made for it: `misfit`): `details.reason` says why. */
  DEVICE_NOT_ELIGIBLE: 409,
  /** A license with fewer keys in stock than the cart asks for: `details.available` says how many are left. */
  OUT_OF_STOCK: 409,
  COUPON_INVALID: 404,
  COUPON_EXPIRED: 400,
  COUPON_USAGE_LIMIT: 400,
  /** A coupon kept to other product lines than the checkout's. */
  COUPON_NOT_FOR_LINE: 400,
  /** A coupon that would take the sale below its cost plus the minimum margin (ADR 103). */
  COUPON_BELOW_COST: 400,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'Some fields need your attention.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have access to this.',
  NOT_FOUND: 'Not found.',
  ORDER_TRANSITION_FORBIDDEN: 'This order cannot make that change from where it stands.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  UNAVAILABLE: 'The service is temporarily unavailable.',
} as const satisfies Partial<Record<ErrorCode, string>>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    /** What the client needs to recover (e.g. the new quote of QUOTE_CHANGED); named per code. */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
