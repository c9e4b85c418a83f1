import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_MESSAGES,
  assistantOrder,
  assistantRequestSchema,
  orderLookupInMessage,
  passageAnswer,
} from './assistant.ts';

describe('orderLookupInMessage', () => {
  it.each([
    ['Where is my order?', { email: null, reference: null, asksAboutOrder: true }],
    [
      'order a1b2c3d4, email ann@example.com.',
      { email: 'ann@example.com', reference: 'a1b2c3d4', asksAboutOrder: false },
    ],
    ['#A1B2C3D4 ann@example.com', { email: 'ann@example.com', reference: 'A1B2C3D4', asksAboutOrder: false }],
    [
      'status of the order 6f9619ff-8b86-d011-b42d-00cf4fc964ff please',
      { email: null, reference: '6f9619ff-8b86-d011-b42d-00cf4fc964ff', asksAboutOrder: true },
    ],
    ['IMEI 356938035643809', { email: null, reference: '356938035643809', asksAboutOrder: false }],
    // Words that happen to be 8 hex letters are words, not order ids.
    ['my deadbeef cafebabe phone', { email: null, reference: null, asksAboutOrder: false }],
    ['How long does an unlock take?', { email: null, reference: null, asksAboutOrder: false }],
  ])('%j', (message, expected) => expect(orderLookupInMessage(message)).toEqual(expected));
});

describe('assistant answers', () => {
  it('refuses an empty or over-long question with its own message', () => {
    expect(assistantRequestSchema.safeParse({ message: '  ' }).error?.issues[0]?.message).toBe(
      ASSISTANT_MESSAGES.empty,
    );
    expect(assistantRequestSchema.safeParse({ message: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      ASSISTANT_MESSAGES.tooLong,
    );
  });

  it('answers a passage with where it comes from', () => {
    expect(passageAnswer({ heading: 'Is it legal?', articleTitle: 'Carrier unlock help', text: 'Yes.' })).toBe(
      'From “Is it legal?” (Carrier unlock help):\n\nYes.',
    );
  });

  it('shows an order’s state and short id, never more', () => {
    expect(
      assistantOrder({
        id: '6f9619ff-8b86-d011-b42d-00cf4fc964ff',
        kind: 'unlock',
        status: 'in_progress',
        createdAt: '2026-01-02T03:04:05.000Z',
      }),
    ).toEqual({
      short_id: '6f9619ff',
      kind: 'unlock',
      status: 'in_progress',
      status_label: 'In progress',
      explanation: 'The supplier is working on your order.',
      created_at: '2026-01-02T03:04:05.000Z',
    });
  });
});
