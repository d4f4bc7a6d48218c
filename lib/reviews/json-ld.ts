/**
 * schema.org AggregateRating and Review for a product's JSON-LD, as properties to
 * spread into its Product node. Nothing for a product without approved reviews: Google refuses
 * an AggregateRating with no reviews behind it.
 */
import type { ProductReviewsJson } from './contracts';

/** `{ aggregateRating, review }` from a product's first page of approved reviews, or `{}`. */
export function reviewJsonLd(page: Pick<ProductReviewsJson, 'summary' | 'reviews'> | null): Record<string, unknown> {
  if (!page || page.summary.count === 0 || page.summary.average === null) return {};
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: page.summary.average.toFixed(2), reviewCount: page.summary.count, bestRating: '5', worstRating: '1' },
    review: page.reviews.map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.body,
      datePublished: r.created_at.slice(0, 10),
      author: { '@type': 'Person', name: r.author_name },
      reviewRating: { '@type': 'Rating', ratingValue: String(r.rating), bestRating: '5', worstRating: '1' },
    })),
  };
}
