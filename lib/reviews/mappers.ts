/** Review rows → the contracts' JSON (lib/reviews/contracts.ts). Dates out as ISO strings. */
import type { Review, ReviewPhoto } from '@/db/schema';
import type { AdminReviewJson, OwnReviewJson, PublicReviewJson, RatingSummaryJson } from './contracts';

type PhotoRow = Pick<ReviewPhoto, 'id' | 'reviewId' | 'url' | 'width' | 'height'>;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

export const toPhotoJson = (p: PhotoRow) => ({ photo_id: p.id, url: p.url, width: p.width, height: p.height });

export function toPublicReviewJson(r: Review, photos: PhotoRow[]): PublicReviewJson {
  return {
    review_id: r.id,
    product_id: r.productId,
    rating: r.rating,
    title: r.title,
    body: r.body,
    author_name: r.authorName,
    verified_buyer: true,
    photos: photos.map(toPhotoJson),
    reply: r.reply,
    replied_at: isoOrNull(r.repliedAt),
    created_at: iso(r.createdAt),
  };
}

export function toOwnReviewJson(r: Review, productName: string, photos: PhotoRow[]): OwnReviewJson {
  return {
    review_id: r.id,
    order_item_id: r.orderItemId,
    product_id: r.productId,
    product_name: productName,
    rating: r.rating,
    title: r.title,
    body: r.body,
    status: r.status,
    rejection_reason: r.rejectionReason,
    photos: photos.map(toPhotoJson),
    reply: r.reply,
    created_at: iso(r.createdAt),
  };
}

export function toAdminReviewJson(
  r: Review,
  extra: { productName: string; productSku: string; orderId: number; customerEmail: string },
  photos: PhotoRow[],
): AdminReviewJson {
  return {
    ...toOwnReviewJson(r, extra.productName, photos),
    author_name: r.authorName,
    customer_email: extra.customerEmail,
    order_id: extra.orderId,
    product_sku: extra.productSku,
    replied_at: isoOrNull(r.repliedAt),
    moderated_at: isoOrNull(r.moderatedAt),
  };
}

/** Star counts (rating → how many) → the summary: average to two decimals, null without reviews. */
export function toRatingSummary(counts: Map<number, number>): RatingSummaryJson {
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as RatingSummaryJson['distribution'];
  let n = 0;
  let sum = 0;
  for (const stars of [1, 2, 3, 4, 5] as const) {
    const c = counts.get(stars) ?? 0;
    distribution[stars] = c;
    n += c;
    sum += c * stars;
  }
  return { average: n === 0 ? null : Math.round((sum / n) * 100) / 100, count: n, distribution };
}

/** Groups photo rows by review id. */
export function photosByReview<T extends { reviewId: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const p of rows) out.set(p.reviewId, [...(out.get(p.reviewId) ?? []), p]);
  return out;
}
