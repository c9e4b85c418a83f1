import { z } from 'zod';
import { licenseOrderPartSchema } from '../licenses.ts';
import { plainKind } from './kind.ts';

/** Digital licenses (ADR 079): keys claimed at payment, revealed on the order page. */
export const licenseKind = plainKind('license', {
  // A key is ready seconds after payment: its "key ready" email is the receipt.
  confirmedEmail: false,
  headline: (status, label) =>
    status === 'fulfilled' ? 'Your license is ready' : status === 'paid' ? 'Preparing your license' : label,
  sharedSummary:
    'Anyone with a share link sees the order’s state and history. Never your email, a license key or your payment.',
  nextSteps: (order) =>
    order.status === 'fulfilled' ? [{ text: 'Reveal each key below, copy it and follow its activation steps.' }] : [],
});

/** Its keys (never the key itself: that only through the reveal), its wait and refund rule. */
export const licenseAnswerPart = { kind: z.literal('license'), license: licenseOrderPartSchema };
export const licenseSharedPart = { kind: z.literal('license') };
