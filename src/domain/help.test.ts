import { describe, expect, it } from 'vitest';
import { helpPassages, helpSearchTerm, markdownToText, parseHelpArticle, passageExcerpt, sectionId } from './help.ts';

const SOURCE = `---
title: Carrier unlock help
description: How unlocking works.
topic: Carrier unlocks
summary: How it works.
order: 1
---
An introduction.

## How long does an unlock take?

Most take **24 hours**. See [Track Order](/track-order).

## Is it legal?

1. Yes.
2. Dial \\*#06#.
`;

describe('parseHelpArticle', () => {
  const article = parseHelpArticle('carrier-unlock', SOURCE);

  it('reads the front matter, the introduction and one section per ## heading', () => {
    expect(article).toMatchObject({
      slug: 'carrier-unlock',
      href: '/support/carrier-unlock',
      title: 'Carrier unlock help',
      topic: 'Carrier unlocks',
      order: 1,
      intro: 'An introduction.',
    });
    expect(article.sections.map((section) => [section.id, section.heading])).toEqual([
      ['how-long-does-an-unlock-take', 'How long does an unlock take?'],
      ['is-it-legal', 'Is it legal?'],
    ]);
    expect(article.sections[0]?.text).toBe('Most take 24 hours. See Track Order.');
    expect(article.sections[1]?.text).toBe('Yes.\nDial *#06#.');
  });

  it('names the file and the key when front matter is missing', () => {
    expect(() => parseHelpArticle('esim', 'no front matter')).toThrow('help article esim: no front matter');
    expect(() => parseHelpArticle('esim', SOURCE.replace('topic: Carrier unlocks\n', ''))).toThrow(
      'help article esim: front matter has no topic',
    );
  });

  it('gives each section a passage with its address', () => {
    expect(helpPassages([article])[1]).toMatchObject({
      id: 'carrier-unlock#is-it-legal',
      articleTitle: 'Carrier unlock help',
      href: '/support/carrier-unlock#is-it-legal',
    });
  });
});

describe('help text rules', () => {
  it.each([
    ['How long does an unlock take?', 'how-long-does-an-unlock-take'],
    ['iPhone checklist', 'iphone-checklist'],
    ['The eSIM shows "No service"', 'the-esim-shows-no-service'],
  ])('sectionId(%s) → %s', (heading, id) => expect(sectionId(heading)).toBe(id));

  it.each([
    ['[unlock page](/) and **IMEI**', 'unlock page and IMEI'],
    ['- one\n- two', 'one\ntwo'],
    ['`code`', 'code'],
  ])('markdownToText(%j) → %j', (markdown, text) => expect(markdownToText(markdown)).toBe(text));

  it.each([
    ['How', null],
    ['the', null],
    ['eSIM', 'esim'],
    ['Unlock', 'unlock'],
  ])('helpSearchTerm(%s) → %s', (term, expected) => expect(helpSearchTerm(term)).toBe(expected));

  it('cuts an excerpt at a whole word', () => {
    expect(passageExcerpt('short text')).toBe('short text');
    expect(passageExcerpt('one two three four', 12)).toBe('one two…');
  });
});
