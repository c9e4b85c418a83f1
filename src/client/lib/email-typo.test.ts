import { describe, expect, it } from 'vitest';
import { emailTypoSuggestion } from './email-typo.ts';

describe('emailTypoSuggestion', () => {
  it.each([
    ['ann@gmial.com', 'ann@gmail.com'],
    ['ann@yaho.com', 'ann@yahoo.com'],
    ['ann@outlok.com', 'ann@outlook.com'],
    ['ann@hotmial.com', 'ann@hotmail.com'],
    ['ann@icloud.co', 'ann@icloud.com'],
    ['ann@aol.co', 'ann@aol.com'],
    ['ann@protonmial.com', 'ann@protonmail.com'],
    ['ann@yandx.ru', 'ann@yandex.ru'],
    ['ann@gmail.con', 'ann@gmail.com'],
    ['ann@hotmial.co.uk', 'ann@hotmail.co.uk'],
    ['Ann.Lee@GMIAL.COM', 'Ann.Lee@gmail.com'],
    ['  ann@gmial.com ', 'ann@gmail.com'],
  ])('%j → %j', (email, expected) => {
    expect(emailTypoSuggestion(email)).toBe(expected);
  });

  it.each([
    'ann@gmail.com',
    'ann@yahoo.com',
    'ann@outlook.com',
    'ann@hotmail.co.uk',
    'ann@icloud.com',
    'ann@me.com',
    'ann@aol.com',
    'ann@protonmail.com',
    'ann@proton.me',
    'ann@yandex.ru',
    'ann@yandex.com',
    'ann@ya.ru',
    // Real providers the library alone would "correct" into a neighbour.
    'ann@libero.it',
    'ann@abv.bg',
    'ann@protonmail.ch',
    'ann@example.com',
    'ann@company.travel',
    '',
    'ann',
    'ann@',
    '@gmial.com',
  ])('%j → null', (email) => {
    expect(emailTypoSuggestion(email)).toBeNull();
  });
});
