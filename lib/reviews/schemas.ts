/**
 * Review input (docs/reviews.md: reviews from verified buyers), shared by the route handlers and the
 * browser forms. Browser-safe: no server imports. Form and query values arrive as text, hence
 * z.coerce where a number is expected.
 */
import { z } from 'zod';

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 5000;
export const REVIEW_REASON_MAX = 500;
export const REVIEW_REPLY_MAX = 2000;
/** Photos one review may carry (each checked like a product image, lib/storage/images.ts). */
export const MAX_REVIEW_PHOTOS = 4;
/** Reviews per page on the product page and its review pages. */
export const REVIEWS_PER_PAGE = 5;
/** Reviews per page of the back office's queue. */
export const QUEUE_PER_PAGE = 20;

const positiveId = (label: string) =>
  z.coerce.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).min(1, `${label} must be a positive whole number.`).max(2_147_483_647, `${label} is not valid.`);

/** POST /api/reviews — one review of one delivered order line (fields of the multipart form or JSON). */
export const reviewInputSchema = z.object({
  order_item_id: positiveId('order_item_id'),
  rating: z.coerce.number({ error: 'Choose a rating from 1 to 5 stars.' }).int('Choose a rating from 1 to 5 stars.').min(1, 'Choose a rating from 1 to 5 stars.').max(5, 'Choose a rating from 1 to 5 stars.'),
  title: z.string({ error: 'Give your review a title.' }).trim().min(1, 'Give your review a title.').max(REVIEW_TITLE_MAX, `The title must be at most ${REVIEW_TITLE_MAX} characters.`),
  body: z
    .string({ error: 'Write a few words about the piece.' })
    .trim()
    .min(REVIEW_BODY_MIN, `Write at least ${REVIEW_BODY_MIN} characters about the piece.`)
    .max(REVIEW_BODY_MAX, `The review must be at most ${REVIEW_BODY_MAX} characters.`),
});
export type ReviewInput = z.output<typeof reviewInputSchema>;
/** The text fields of the form, in the order the request reader takes them. */
export const REVIEW_FORM_FIELDS = ['order_item_id', 'rating', 'title', 'body'] as const;

/** PUT /api/reviews/{id} — approve, or reject with a reason the customer is shown. */
export const moderationSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('approved') }),
    z.strictObject({
      status: z.literal('rejected'),
      reason: z.string({ error: 'Give a reason for rejecting the review.' }).trim().min(1, 'Give a reason for rejecting the review.').max(REVIEW_REASON_MAX, `The reason must be at most ${REVIEW_REASON_MAX} characters.`),
    }),
  ],
  { error: 'status must be approved or rejected.' },
);
export type ModerationInput = z.output<typeof moderationSchema>;

/** PUT /api/reviews/{id}/reply — the shop's public reply (replaces an earlier one). */
export const replySchema = z.strictObject({
  reply: z.string({ error: 'Write a reply.' }).trim().min(1, 'Write a reply.').max(REVIEW_REPLY_MAX, `The reply must be at most ${REVIEW_REPLY_MAX} characters.`),
});
export type ReplyInput = z.output<typeof replySchema>;

const pageNumber = z.preprocess(
  (v) => (Array.isArray(v) ? v[v.length - 1] : v) || undefined,
  z.coerce.number({ error: 'page must be a whole number.' }).int('page must be a whole number.').min(1, 'page must be at least 1.').max(1_000_000, 'page is too large.').optional(),
);

/** GET /api/products/{id}/reviews — `?page=` (default 1). */
export const productReviewsQuery = z.object({ page: pageNumber });

export const QUEUE_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

/** GET /api/reviews — the moderation queue: `?status=` (default pending) and `?page=`. */
export const reviewQueueQuery = z.object({
  status: z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v) || undefined, z.enum(QUEUE_FILTERS, { error: `status must be one of ${QUEUE_FILTERS.join(', ')}.` }).optional()),
  page: pageNumber,
});

/** `{ id }` of /api/reviews/{id}. */
export const reviewIdParams = z.object({
  id: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'The review id must be a positive whole number.')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2_147_483_647, 'The review id must be a positive whole number.'),
});
