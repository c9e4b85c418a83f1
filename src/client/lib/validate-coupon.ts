import { useMutation } from '@tanstack/react-query';
import {
  couponFailureMessage,
  couponOutcome,
  couponValidateAnswerSchema,
  type CouponOutcome,
} from '../../domain/esim-checkout';
import type { OrderKind } from '../../domain/order';
import { ApiError, apiRequest } from '~/lib/api-client';

/** Spec section 7 "Coupon lookup": the coupon's effect at a checkout of `kind`, or why it cannot be used. */
export async function validateCoupon({
  code,
  kind,
  quoteId,
}: {
  code: string;
  kind: OrderKind;
  /** An unlock's quote: the server refuses a coupon that would take that sale below its cost. */
  quoteId?: string;
}): Promise<CouponOutcome> {
  try {
    const answer = await apiRequest('/api/coupons/validate', {
      method: 'POST',
      body: quoteId ? { code, kind, quote_id: quoteId } : { code, kind },
      schema: couponValidateAnswerSchema,
    });
    return couponOutcome(answer);
  } catch (error) {
    // The server refuses a bad coupon with its message; anything else is 'Failed to validate coupon'.
    return { kind: 'error', message: couponFailureMessage(error instanceof ApiError ? error.message : null) };
  }
}

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
