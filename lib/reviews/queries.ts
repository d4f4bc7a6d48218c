/**
 * Review reads. Shoppers' reads (a product's approved reviews and its summary) are
 * cached under the product's tag, which moderation invalidates (lib/reviews/cache.ts). The
 * customer's reads have the owner in the WHERE; the queue is for administrators only.
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { orderItems, orders, products, reviewPhotos, reviews, users, type OrderStatus, type Review } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { TAGS } from '@/lib/catalog/tags';
import type { AdminReviewJson, OwnReviewJson, ProductReviewsJson, ReviewQueueJson } from './contracts';
import { photosByReview, toAdminReviewJson, toOwnReviewJson, toPublicReviewJson, toRatingSummary } from './mappers';
import { COUNTS_IN_RATING, reviewRefusal, type Refusal } from './rules';
import { QUEUE_PER_PAGE, REVIEWS_PER_PAGE, type QueueFilter } from './schemas';

/** Seconds a cached review read may be served before it is refreshed without an invalidation. */
const REVALIDATE = 60;

const photoColumns = { id: reviewPhotos.id, reviewId: reviewPhotos.reviewId, url: reviewPhotos.url, width: reviewPhotos.width, height: reviewPhotos.height };

async function photosOf(reviewIds: number[]) {
  if (reviewIds.length === 0) return new Map<number, { id: number; reviewId: number; url: string; width: number; height: number }[]>();
  const rows = await db.select(photoColumns).from(reviewPhotos).where(inArray(reviewPhotos.reviewId, reviewIds)).orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.sortOrder), asc(reviewPhotos.id));
  return photosByReview(rows);
}

async function productReviewsUncached(productId: number, page: number): Promise<ProductReviewsJson | null> {
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), isNull(products.archivedAt)));
  if (!product) return null;
  const approved = and(eq(reviews.productId, productId), eq(reviews.status, COUNTS_IN_RATING));
  const counts = await db.select({ rating: reviews.rating, n: sql<number>`count(*)::int` }).from(reviews).where(approved).groupBy(reviews.rating);
  const summary = toRatingSummary(new Map(counts.map((c) => [c.rating, Number(c.n)])));
  const totalPages = Math.max(1, Math.ceil(summary.count / REVIEWS_PER_PAGE));
  const current = Math.min(Math.max(1, page), totalPages);
  const rows = await db
    .select()
    .from(reviews)
    .where(approved)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PER_PAGE)
    .offset((current - 1) * REVIEWS_PER_PAGE);
  const photos = await photosOf(rows.map((r) => r.id));
  return { summary, reviews: rows.map((r) => toPublicReviewJson(r, photos.get(r.id) ?? [])), currentPage: current, totalPages, total: summary.count };
}

/**
 * GET /api/products/{id}/reviews and the product page: the approved reviews of a live product,
 * newest first, REVIEWS_PER_PAGE a page (page clamped to 1..totalPages), with the summary
 * (average to two decimals, count, stars distribution) over all of them. Cached under the
 * product's tag.
 * @returns null for an unknown or archived product
 */
export function getProductReviews(productId: number, page = 1): Promise<ProductReviewsJson | null> {
  return unstable_cache(() => productReviewsUncached(productId, page), ['reviews:product', String(productId), String(page)], { tags: [TAGS.product(productId)], revalidate: REVALIDATE })();
}

/** An order line as the review form needs it, with the review written for it (if any). */
export type ReviewableLine = {
  orderItemId: number;
  orderId: number;
  orderStatus: OrderStatus;
  productId: number;
  productName: string;
  details: string | null;
  review: OwnReviewJson | null;
  /** Why it cannot be reviewed now (not delivered, already reviewed), or null. */
  refusal: Refusal | null;
};

/**
 * The signed-in customer's order line `orderItemId` for the review form (owner in the WHERE:
 * someone else's line is not found).
 * @returns null when the line does not exist or is not the customer's
 * @throws 401 without a user
 */
export async function getReviewableLine(actor: SessionUser | null, orderItemId: number): Promise<ReviewableLine | null> {
  authorize(actor, 'user');
  const [row] = await db
    .select({ item: orderItems, orderStatus: orders.status })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.userId, actor.id)));
  if (!row) return null;
  const [review] = await db.select().from(reviews).where(and(eq(reviews.orderItemId, orderItemId), eq(reviews.userId, actor.id)));
  const photos = review ? await photosOf([review.id]) : new Map();
  const { item } = row;
  return {
    orderItemId: item.id,
    orderId: item.orderId,
    orderStatus: row.orderStatus,
    productId: item.productId,
    productName: item.productName,
    details: [item.size, item.color].filter(Boolean).join(' · ') || null,
    review: review ? toOwnReviewJson(review, item.productName, photos.get(review.id) ?? []) : null,
    refusal: reviewRefusal({ orderStatus: row.orderStatus, reviewed: Boolean(review) }),
  };
}

/**
 * GET /api/reviews/mine — every review the signed-in customer wrote, newest first, with its
 * status (and the reason when rejected).
 * @throws 401 without a user
 */
export async function listMyReviews(actor: SessionUser | null): Promise<OwnReviewJson[]> {
  authorize(actor, 'user');
  const rows = await db
    .select({ review: reviews, productName: orderItems.productName })
    .from(reviews)
    .innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
    .where(eq(reviews.userId, actor.id))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  const photos = await photosOf(rows.map((r) => r.review.id));
  return rows.map((r) => toOwnReviewJson(r.review, r.productName, photos.get(r.review.id) ?? []));
}

const adminSelect = () =>
  db
    .select({ review: reviews, productName: orderItems.productName, orderId: orderItems.orderId, productSku: products.sku, customerEmail: users.email })
    .from(reviews)
    .innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .$dynamic();

type AdminRow = { review: Review; productName: string; orderId: number; productSku: string; customerEmail: string };

async function toAdminList(rows: AdminRow[]): Promise<AdminReviewJson[]> {
  const photos = await photosOf(rows.map((r) => r.review.id));
  return rows.map((r) => toAdminReviewJson(r.review, r, photos.get(r.review.id) ?? []));
}

/** One review as the back office shows it; null when unknown. (Callers authorize.) */
export async function loadAdminReview(reviewId: number): Promise<AdminReviewJson | null> {
  const rows = await adminSelect().where(eq(reviews.id, reviewId));
  return rows.length ? (await toAdminList(rows))[0] : null;
}

/**
 * GET /api/reviews and /admin/reviews — the moderation queue: reviews of one status (default
 * pending; 'all' for every one), QUEUE_PER_PAGE a page (page clamped), oldest first while pending
 * (first come, first moderated), newest first otherwise; with the count of each status.
 * @throws 401/403 not an administrator
 */
export async function listReviewQueue(actor: SessionUser | null, opts: { status?: QueueFilter; page?: number } = {}): Promise<ReviewQueueJson> {
  authorize(actor, 'reviews.moderate');
  const status = opts.status ?? 'pending';
  const where = status === 'all' ? undefined : eq(reviews.status, status);
  const byStatus = await db.select({ status: reviews.status, n: sql<number>`count(*)::int` }).from(reviews).groupBy(reviews.status);
  const counts = { pending: 0, approved: 0, rejected: 0 };
  for (const s of byStatus) counts[s.status] = Number(s.n);
  const total = status === 'all' ? counts.pending + counts.approved + counts.rejected : counts[status];
  const totalPages = Math.max(1, Math.ceil(total / QUEUE_PER_PAGE));
  const page = Math.min(Math.max(1, opts.page ?? 1), totalPages);
  const order = status === 'pending' ? [asc(reviews.createdAt), asc(reviews.id)] : [desc(reviews.createdAt), desc(reviews.id)];
  const rows = await adminSelect()
    .where(where)
    .orderBy(...order)
    .limit(QUEUE_PER_PAGE)
    .offset((page - 1) * QUEUE_PER_PAGE);
  return { reviews: await toAdminList(rows), currentPage: page, totalPages, total, counts };
}
