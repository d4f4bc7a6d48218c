/** The review rules (lib/reviews/rules.ts), the rating summary, the JSON-LD fragment and the "4 stars and up" query parameter. */
import { describe, expect, test } from 'vitest';
import { emptyQuery, filterChips, hasFilters, productsHref, toListParams } from '@/lib/catalog/product-query';
import { parseProductQuery, readProductQuery } from '@/lib/catalog/query-schema';
import { reviewJsonLd } from '@/lib/reviews/json-ld';
import { toRatingSummary } from '@/lib/reviews/mappers';
import { authorNameOf, isRefusal, moderate, reviewRefusal } from '@/lib/reviews/rules';

describe('who may review', () => {
  test('only a delivered line, and only once', () => {
    expect(reviewRefusal({ orderStatus: 'delivered', reviewed: false })).toBeNull();
    for (const status of ['pending', 'processing', 'shipped', 'cancelled'] as const) expect(reviewRefusal({ orderStatus: status, reviewed: false })?.code).toBe('conflict');
    expect(reviewRefusal({ orderStatus: 'delivered', reviewed: true })?.message).toBe('You have already reviewed this item.');
  });
});

describe('moderation', () => {
  test('approve or reject from any other status; the rating changes whenever an approved review enters or leaves', () => {
    expect(moderate('pending', 'approved')).toEqual({ to: 'approved', ratingChanges: true });
    expect(moderate('pending', 'rejected')).toEqual({ to: 'rejected', ratingChanges: false });
    expect(moderate('approved', 'rejected')).toEqual({ to: 'rejected', ratingChanges: true });
    expect(moderate('rejected', 'approved')).toEqual({ to: 'approved', ratingChanges: true });
  });

  test('deciding the status a review already has is refused', () => {
    const again = moderate('approved', 'approved');
    expect(isRefusal(again) && again.message).toBe('This review is already approved.');
  });

  test('the author is shown by first name and last initial', () => {
    expect(authorNameOf('aroha', 'parata')).toBe('aroha P.');
    expect(authorNameOf('Sam', null)).toBe('Sam');
    expect(authorNameOf(' ', 'Taylor')).toBe('Verified buyer');
  });
});

describe('rating summary and JSON-LD', () => {
  test('average to two decimals over the stars given, with the distribution', () => {
    expect(toRatingSummary(new Map([[5, 2], [4, 1]]))).toEqual({ average: 4.67, count: 3, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 } });
    expect(toRatingSummary(new Map())).toEqual({ average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });

  test('AggregateRating and Review only when there are approved reviews', () => {
    expect(reviewJsonLd(null)).toEqual({});
    expect(reviewJsonLd({ summary: toRatingSummary(new Map()), reviews: [] })).toEqual({});
    const ld = reviewJsonLd({
      summary: toRatingSummary(new Map([[4, 1]])),
      reviews: [{ review_id: 1, product_id: 2, rating: 4, title: 'Comfy', body: 'Sits well.', author_name: 'Sam T.', verified_buyer: true, photos: [], reply: null, replied_at: null, created_at: '2026-11-20T03:00:00.000Z' }],
    });
    expect(ld).toEqual({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.00', reviewCount: 1, bestRating: '5', worstRating: '1' },
      review: [
        { '@type': 'Review', name: 'Comfy', reviewBody: 'Sits well.', datePublished: '2026-11-20', author: { '@type': 'Person', name: 'Sam T.' }, reviewRating: { '@type': 'Rating', ratingValue: '4', bestRating: '5', worstRating: '1' } },
      ],
    });
  });
});

describe('rating_min in the products query', () => {
  test('rating_min=4 asks for 4 stars and up; other values are refused', () => {
    expect(parseProductQuery(new URLSearchParams('rating_min=4&sort=rating'))).toEqual({ minRating: 4, sort: 'rating' });
    expect(() => parseProductQuery(new URLSearchParams('rating_min=4.5'))).toThrow('rating_min must be a whole number of stars from 1 to 5.');
  });

  test('the page state writes rating_min and reads it back; it is a filter with a chip', () => {
    const s = { ...emptyQuery(), minRating: 4 };
    const href = productsHref(s);
    expect(href).toBe('/products?rating_min=4');
    expect(readProductQuery(Object.fromEntries(new URL(href, 'http://x').searchParams)).state).toEqual(s);
    expect(hasFilters(s)).toBe(true);
    expect(filterChips(s, () => undefined)).toEqual([{ key: 'rating', label: '4 stars & up', href: '/products' }]);
    expect(toListParams(s).minRating).toBe(4);
  });
});
