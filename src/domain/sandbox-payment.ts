import { z } from 'zod';

/** GET /api/sandbox-payments/:id: what the sandbox's hosted payment page shows. */
export const sandboxSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'paid', 'expired']),
  email: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  line_items: z.array(z.object({ name: z.string(), unit_amount_cents: z.number().int(), quantity: z.number().int() })),
  expires_at: z.string(),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;

/** POST /api/sandbox-payments/:id/pay or /cancel: where the browser goes next (a web address only). */
export const sandboxRedirectSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });

/** How the page treats a session: an open one past its expiry can no longer be paid. */
export type SandboxSessionState = 'open' | 'paid' | 'expired';

export function sandboxSessionState(
  session: Pick<SandboxSession, 'status' | 'expires_at'>,
  now: Date,
): SandboxSessionState {
  if (session.status !== 'open') return session.status;
  return new Date(session.expires_at).getTime() <= now.getTime() ? 'expired' : 'open';
}

export const TEST_PAYMENT_TITLE = 'Test payment';
export const TEST_PAYMENT_NOTICE = 'This is a sandbox checkout: no real card is charged and no money moves.';
