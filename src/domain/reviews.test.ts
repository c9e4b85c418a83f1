import { describe, expect, it } from 'vitest';
import { REVIEW_CAROUSEL_AUTOPLAY_MS, REVIEW_RATING_MAX, REVIEW_RATING_MIN, SAMPLE_REVIEWS } from './reviews.ts';

describe('sample reviews', () => {
  it('has the eight entries and the 5 s autoplay of spec section 9', () => {
    expect(SAMPLE_REVIEWS).toHaveLength(8);
    expect(REVIEW_CAROUSEL_AUTOPLAY_MS).toBe(5000);
  });

  it.each(SAMPLE_REVIEWS.map((review) => ({ review, name: review.name })))(
    '$name is a complete entry',
    ({ review }) => {
      expect(Number.isInteger(review.rating)).toBe(true);
      expect(review.rating).toBeGreaterThanOrEqual(REVIEW_RATING_MIN);
      expect(review.rating).toBeLessThanOrEqual(REVIEW_RATING_MAX);
      expect(review.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(review.date))).toBe(false);
      for (const field of [review.name, review.location, review.title, review.text]) expect(field.trim()).not.toBe('');
    },
  );

  it('names each reviewer once', () => {
    expect(new Set(SAMPLE_REVIEWS.map((review) => review.name)).size).toBe(SAMPLE_REVIEWS.length);
  });
});
