import { describe, expect, it } from 'vitest';
import { waitingAge } from './admin-inbox.ts';
import { replyKeyOf, replyText, supportReplyAddress } from './support-conversations.ts';

describe('replyText', () => {
  it.each([
    ['a plain reply', 'Thanks, it works now.', 'Thanks, it works now.'],
    [
      'a reply above "On … wrote:"',
      'Yes please.\n\nOn Sun, 29 Nov 2026 at 10:00, OpenLine <support@openline.store> wrote:\n> Shall we?',
      'Yes please.',
    ],
    ['quoted lines left out', 'First line\n> quoted\nLast line', 'First line\nLast line'],
    ['an Outlook "Original Message" rule', 'Done.\r\n-----Original Message-----\r\nFrom: OpenLine', 'Done.'],
    ['a "From:" header block', 'See below\n\nFrom: OpenLine <support@openline.store>\nSent: today', 'See below'],
    ['a signature after "-- "', 'Short answer\n-- \nAnn, sent from a phone', 'Short answer'],
    ['nothing but the quote', '> only quoted\n>> deeper', ''],
  ])('%s', (_, body, expected) => {
    expect(replyText(body)).toBe(expected);
  });
});

describe('reply addresses', () => {
  it.each([
    [supportReplyAddress('Abc_def-1234567890'), 'Abc_def-1234567890'],
    ['SUPPORT+Abc_def-1234567890@OpenLine.store', 'Abc_def-1234567890'],
    ['support@openline.store', null],
    ['support+short@openline.store', null],
    ['support+Abc_def-1234567890@elsewhere.example', null],
    ['sales+Abc_def-1234567890@openline.store', null],
    ['support+Abc def 1234567890@openline.store', null],
  ])('%s → %s', (address, key) => {
    expect(replyKeyOf(address)).toBe(key);
  });
});

describe('waitingAge', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  it.each([
    ['2026-11-29T11:15:00Z', { text: '45 min', overdue: false }],
    ['2026-11-29T02:30:00Z', { text: '9 h 30 min', overdue: false }],
    ['2026-11-28T12:00:00Z', { text: '24 hours', overdue: false }],
    ['2026-11-28T10:00:00Z', { text: '26 hours', overdue: true }],
  ])('since %s', (since, expected) => {
    expect(waitingAge(since, now)).toEqual(expected);
  });
});
