import { describe, expect, it } from 'vitest';
import { newsletterAnswerSchema, newsletterRequestSchema, unsubscribeHref, unsubscribeRequestSchema } from './newsletter.ts';
import {
  NEWSLETTER_FAILED_FALLBACK,
  NEWSLETTER_MESSAGES,
  isNewsletterEmail,
  newsletterFailureMessage,
  newsletterOutcome,
} from './newsletter-texts.ts';

describe('the newsletter field’s local rule (spec section 5)', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['no-at-sign.example.com', false],
    ['a@b', true],
    [' reader@example.com ', true],
  ])('isNewsletterEmail(%j) → %j', (email, valid) => {
    expect(isNewsletterEmail(email)).toBe(valid);
  });
});

describe('the subscribe request', () => {
  it.each([
    ['Reader@Example.COM', 'reader@example.com'],
    ['  mixed.Case@Example.org ', 'mixed.case@example.org'],
  ])('stores %j as %j', (email, stored) => {
    expect(newsletterRequestSchema.parse({ email }).email).toBe(stored);
  });

  it.each(['a@b', 'two@@example.com', 'x'.repeat(250) + '@e.com', 'nul\u0000@example.com', ''])(
    'refuses %j',
    (email) => {
      expect(newsletterRequestSchema.safeParse({ email }).success).toBe(false);
    },
  );
});

describe('what the footer does with an answer (spec section 7)', () => {
  it.each([
    [{ message: NEWSLETTER_MESSAGES.subscribed }, 'subscribed'],
    [{ message: NEWSLETTER_MESSAGES.alreadySubscribed, already_subscribed: true }, 'notice'],
    [{ message: NEWSLETTER_MESSAGES.resubscribed, resubscribed: true }, 'notice'],
  ] as const)('%j → %s', (answer, kind) => {
    expect(newsletterAnswerSchema.parse(answer)).toEqual(answer);
    expect(newsletterOutcome(answer)).toEqual({ kind, message: answer.message });
  });

  it.each([
    ['The server said no.', 'The server said no.'],
    ['', NEWSLETTER_FAILED_FALLBACK],
    [null, NEWSLETTER_FAILED_FALLBACK],
  ])('failure toast text for %j is %j', (message, text) => {
    expect(newsletterFailureMessage(message)).toBe(text);
  });
});

describe('unsubscribe links', () => {
  it('lead to the page with the token', () => {
    expect(unsubscribeHref('abc_DEF-123')).toBe('/newsletter/unsubscribe?token=abc_DEF-123');
  });

  it.each([
    ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', true],
    ['short', false],
    ['has spaces in it and more', false],
    ['a'.repeat(201), false],
  ])('token %j valid: %j', (token, valid) => {
    expect(unsubscribeRequestSchema.safeParse({ token }).success).toBe(valid);
  });
});
