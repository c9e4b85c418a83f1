import { describe, expect, it } from 'vitest';
import { type HelpArticleSlug, MOST_ASKED_QUESTIONS } from '../../../domain/help.ts';
import { loadHelpArticles } from './articles.ts';
import { createHelpRetrieval } from './retrieval.ts';

const articles = loadHelpArticles();
const retrieval = createHelpRetrieval(articles);

describe('the assistant’s retrieval over the help articles', () => {
  // The questions people ask most, each with the article that answers it.
  it.each<[string, HelpArticleSlug]>([
    ['How long does an unlock take?', 'carrier-unlock'],
    ['how long does unlocking take', 'carrier-unlock'],
    ['how long does an unlok take', 'carrier-unlock'],
    ['blakclist unlcok', 'carrier-unlock'],
    ['How do I find my IMEI?', 'carrier-unlock'],
    ['dual sim imei', 'carrier-unlock'],
    ['My phone is blacklisted', 'carrier-unlock'],
    ['unpaid bill on my phone', 'carrier-unlock'],
    ['What does the money back guarantee cover?', 'carrier-unlock'],
    ['Can I get my money back?', 'carrier-unlock'],
    ['What happens if the unlock is late?', 'carrier-unlock'],
    ['the supplier declined my unlock', 'carrier-unlock'],
    ['Is unlocking legal?', 'carrier-unlock'],
    ['what is an official factory unlock', 'carrier-unlock'],
    ['Does my phone support eSIM?', 'esim-travel'],
    ['which phones are compatible', 'esim-travel'],
    ['When should I install the eSIM?', 'esim-travel'],
    ['install esim on iphone', 'esim-travel'],
    ['How do I install it on Android?', 'esim-travel'],
    ['turn on data roaming', 'esim-travel'],
    ['roaming charges', 'esim-travel'],
    ['regional package in several countries', 'esim-travel'],
    ['can I top up my esim', 'esim-travel'],
    ['refund for an esim', 'esim-travel'],
    ['No data after installing', 'esim'],
    ['QR code already used', 'esim'],
    ['carrier locked phone will not add esim', 'esim'],
    ['eSIM shows no service', 'esim'],
    ['I did not receive my eSIM', 'esim'],
    ['check how much data is left', 'esim'],
    ['delete esim and reinstall', 'esim'],
    ['Samsung checklist', 'after-install'],
    ['Google Pixel settings after install', 'after-install'],
    ['network unlock pin on samsung', 'after-install'],
    ['iphone says activation required after unlock', 'after-install'],
    ['apn settings', 'after-install'],
  ])('“%s” → %s', (question, slug) => {
    expect(retrieval.retrieve(question)[0]?.slug).toBe(slug);
  });

  it.each(["what's the weather in paris", 'recommend a good pizza place', '', 'the and of'])(
    'finds nothing for “%s”, so the assistant says it does not know',
    (question) => {
      expect(retrieval.retrieve(question)).toEqual([]);
    },
  );

  it('answers with the section’s own address and words', () => {
    const [best] = retrieval.retrieve('QR code already used');
    expect(best).toMatchObject({
      articleTitle: 'eSIM support',
      heading: 'The QR code says it was already used',
      href: '/support/esim#the-qr-code-says-it-was-already-used',
    });
    expect(best?.text).toContain('Each eSIM QR code can be installed once.');
  });
});

describe('the help articles', () => {
  it('each have a title, a description and sections', () => {
    for (const article of articles) {
      expect(article.title, article.slug).not.toBe('');
      expect(article.description.length, article.slug).toBeGreaterThan(50);
      expect(article.sections.length, article.slug).toBeGreaterThanOrEqual(5);
    }
  });

  it('hold every section the most asked questions lead to', () => {
    for (const { slug, section } of MOST_ASKED_QUESTIONS) {
      const article = articles.find((candidate) => candidate.slug === slug);
      expect(
        article?.sections.map((s) => s.id),
        `${slug}#${section}`,
      ).toContain(section);
    }
  });
});
