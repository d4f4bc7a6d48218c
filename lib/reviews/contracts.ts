/**
 * Review contracts: what GET /api/products/{id}/reviews, the customer's and the
 * administrators' review routes answer. Ratings are whole stars 1–5; averages have two decimals.
 */
import { z } from 'zod';
import { contracts, count, dateTime, id, nullableText } from '@/lib/server/contracts';
import { REVIEW_STATUSES } from '@/db/statuses';

const stars = z.number().int().min(1).max(5);

export const reviewPhotoJson = z.strictObject({ photo_id: id, url: z.string().min(1), width: z.number().int().positive(), height: z.number().int().positive() }).register(contracts, { id: 'ReviewPhoto' });

/** An approved review as shoppers see it. */
export const publicReviewJson = z
  .strictObject({
    review_id: id,
    product_id: id,
    rating: stars,
    title: z.string().min(1),
    body: z.string().min(1),
    author_name: z.string().min(1),
    /** Always true: only buyers of a delivered order line can review. */
    verified_buyer: z.literal(true),
    photos: z.array(reviewPhotoJson),
    /** The shop's public reply, or null. */
    reply: nullableText,
    replied_at: dateTime.nullable(),
    created_at: dateTime,
  })
  .register(contracts, { id: 'Review' });
export type PublicReviewJson = z.infer<typeof publicReviewJson>;

/** Average (two decimals, null without reviews), count and how many reviews gave each star. */
export const ratingSummaryJson = z
  .strictObject({
    average: z.number().min(1).max(5).nullable(),
    count,
    /** Keys "1" … "5": the number of approved reviews with that many stars. */
    distribution: z.strictObject({ 1: count, 2: count, 3: count, 4: count, 5: count }),
  })
  .register(contracts, { id: 'RatingSummary' });
export type RatingSummaryJson = z.infer<typeof ratingSummaryJson>;

/** GET /api/products/{id}/reviews. */
export const productReviewsJson = z
  .strictObject({ summary: ratingSummaryJson, reviews: z.array(publicReviewJson), currentPage: z.number().int().min(1), totalPages: z.number().int().min(1), total: count })
  .register(contracts, { id: 'ProductReviews' });
export type ProductReviewsJson = z.infer<typeof productReviewsJson>;

/** A review as its author sees it: every status, and the reason when rejected. */
export const ownReviewJson = z
  .strictObject({
    review_id: id,
    order_item_id: id,
    product_id: id,
    product_name: z.string().min(1),
    rating: stars,
    title: z.string().min(1),
    body: z.string().min(1),
    status: z.enum(REVIEW_STATUSES),
    rejection_reason: nullableText,
    photos: z.array(reviewPhotoJson),
    reply: nullableText,
    created_at: dateTime,
  })
  .register(contracts, { id: 'OwnReview' });
export type OwnReviewJson = z.infer<typeof ownReviewJson>;

/** A review in the back office's queue. */
export const adminReviewJson = ownReviewJson
  .extend({
    author_name: z.string().min(1),
    customer_email: z.string().min(1),
    order_id: id,
    product_sku: z.string().min(1),
    replied_at: dateTime.nullable(),
    moderated_at: dateTime.nullable(),
  })
  .register(contracts, { id: 'AdminReview' });
export type AdminReviewJson = z.infer<typeof adminReviewJson>;

/** GET /api/reviews: one page of the queue, and how many reviews wait in each status. */
export const reviewQueueJson = z
  .strictObject({
    reviews: z.array(adminReviewJson),
    currentPage: z.number().int().min(1),
    totalPages: z.number().int().min(1),
    total: count,
    counts: z.strictObject({ pending: count, approved: count, rejected: count }),
  })
  .register(contracts, { id: 'ReviewQueue' });
export type ReviewQueueJson = z.infer<typeof reviewQueueJson>;
