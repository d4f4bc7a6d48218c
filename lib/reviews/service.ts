/**
 * Review writes: a customer reviews a delivered order line once; administrators
 * approve, reject (with a reason) and reply publicly. Every operation takes the actor first and
 * authorizes before reading anything; state changes follow lib/reviews/rules.ts; the product's
 * rating is recomputed in the moderation's transaction (lib/reviews/stats.ts), and the cached
 * product page and lists are invalidated after the commit (lib/reviews/cache.ts).
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { orderItems, orders, reviewPhotos, reviews, users } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { kickDelivery } from '@/lib/mail/deliver';
import { mailReviewModerated } from '@/lib/mail/events';
import { AppError, notFound } from '@/lib/server/errors';
import { deleteStoredFiles } from '@/lib/storage';
import type { AdminReviewJson, OwnReviewJson } from './contracts';
import { invalidateProductReviews } from './cache';
import { toOwnReviewJson } from './mappers';
import { preparePhotos, storePhotos } from './photos';
import { loadAdminReview } from './queries';
import { ALREADY_REVIEWED_MESSAGE, authorNameOf, countsInRating, isRefusal, moderate, reviewRefusal } from './rules';
import type { ModerationInput, ReplyInput, ReviewInput } from './schemas';
import { refreshProductRating } from './stats';

const LINE_NOT_FOUND = 'Order item not found.';
const REVIEW_NOT_FOUND = 'Review not found.';

/**
 * POST /api/reviews — the signed-in customer reviews one line of their own delivered order:
 * rating 1–5, title, text and up to 4 photos (checked by content and re-encoded before anything
 * is stored). The review waits for moderation (status pending) and counts in nothing until an
 * administrator approves it.
 * @returns the review as its author sees it
 * @throws 401 not signed in; 404 no such line among the customer's orders; 409 the order is not
 *   delivered, or the line already has a review; 400/413 a photo refused; 502 storage failure.
 *   Nothing is written when it fails (photos stored for it are removed again).
 */
export async function createReview(actor: SessionUser | null, input: ReviewInput, files: Blob[] = []): Promise<OwnReviewJson> {
  authorize(actor, 'user');
  // Refuse what the rules refuse before checking and storing photos.
  await checkReviewable(actor.id, input.order_item_id);
  const prepared = await preparePhotos(files);
  const stored = await storePhotos(prepared);
  try {
    return await db.transaction(async (tx) => {
      // The line, its order and its author, with the owner in the WHERE; the order row is locked so
      // an administrator's status change and this review cannot interleave.
      const [line] = await tx
        .select({ item: orderItems, orderStatus: orders.status, contact: orders.contact, firstName: users.firstName, lastName: users.lastName })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(eq(orderItems.id, input.order_item_id), eq(orders.userId, actor.id)))
        .for('update', { of: orders });
      if (!line) throw notFound(LINE_NOT_FOUND);
      const refusal = reviewRefusal({ orderStatus: line.orderStatus, reviewed: false });
      if (refusal) throw new AppError(refusal.code, refusal.message);
      const [review] = await tx
        .insert(reviews)
        .values({
          orderItemId: line.item.id,
          productId: line.item.productId,
          userId: actor.id,
          authorName: authorNameOf(line.firstName ?? line.contact?.firstName, line.firstName ? line.lastName : line.contact?.lastName),
          rating: input.rating,
          title: input.title,
          body: input.body,
        })
        .onConflictDoNothing({ target: reviews.orderItemId })
        .returning();
      // Unique per order line: a second review (two tabs, a double submit) is refused.
      if (!review) throw new AppError('conflict', ALREADY_REVIEWED_MESSAGE);
      const photos = stored.length
        ? await tx
            .insert(reviewPhotos)
            .values(stored.map((s, i) => ({ reviewId: review.id, url: s.url, storageKey: s.key, width: s.width, height: s.height, sortOrder: i })))
            .returning()
        : [];
      return toOwnReviewJson(review, line.item.productName, photos);
    });
  } catch (e) {
    await deleteStoredFiles(stored.map((s) => s.key));
    throw e;
  }
}

/** 404 unless the line is the customer's; 409 when the rules refuse it (checked again in the transaction). */
async function checkReviewable(userId: number, orderItemId: number): Promise<void> {
  const [line] = await db
    .select({ orderStatus: orders.status, reviewId: reviews.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.userId, userId)));
  if (!line) throw notFound(LINE_NOT_FOUND);
  const refusal = reviewRefusal({ orderStatus: line.orderStatus, reviewed: line.reviewId !== null });
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

/** A review as the audit log names it: its title and author. */
const reviewTarget = (r: { id: number; title: string; authorName: string }) => ({ type: 'review', id: r.id, label: `“${r.title}” by ${r.authorName}` });

/**
 * PUT /api/reviews/{id} — an administrator approves a review, or rejects it with a reason (shown
 * to its author, never on the product page). Approving adds it to the product's rating, rejecting
 * an approved one takes it out: the rating is recomputed in the same transaction, and the product
 * page and lists are revalidated after the commit. The author is e-mailed the decision (and the
 * reason) through the outbox, in the same transaction.
 * @returns the review as the back office shows it
 * @throws 401/403 not an administrator; 404 unknown review; 409 it already has that status
 */
export async function moderateReview(actor: SessionUser | null, reviewId: number, input: ModerationInput): Promise<AdminReviewJson> {
  authorize(actor, 'reviews.moderate');
  const productId = await db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    if (!review) throw notFound(REVIEW_NOT_FOUND);
    const move = moderate(review.status, input.status);
    if (isRefusal(move)) throw new AppError(move.code, move.message);
    await tx
      .update(reviews)
      .set({ status: move.to, rejectionReason: input.status === 'rejected' ? input.reason : null, moderatedAt: sql`now()`, moderatedBy: actor.id, updatedAt: sql`now()` })
      .where(eq(reviews.id, reviewId));
    if (move.ratingChanges) await refreshProductRating(tx, review.productId);
    await recordAudit(tx, actor, {
      action: input.status === 'rejected' ? 'review.reject' : 'review.approve',
      target: reviewTarget(review),
      before: { status: review.status, rejectionReason: review.rejectionReason },
      after: { status: move.to, rejectionReason: input.status === 'rejected' ? input.reason : null },
    });
    // The author hears of the decision (and the reason) through the outbox, with the change.
    await mailReviewModerated(tx, reviewId);
    return review.productId;
  });
  invalidateProductReviews(productId);
  kickDelivery();
  return (await loadAdminReview(reviewId))!;
}

/**
 * PUT /api/reviews/{id}/reply — an administrator's public reply under a review (replaces an
 * earlier one). Shown on the product page once the review is approved; the page is revalidated
 * when it already is.
 * @throws 401/403 not an administrator; 404 unknown review
 */
export async function replyToReview(actor: SessionUser | null, reviewId: number, input: ReplyInput): Promise<AdminReviewJson> {
  authorize(actor, 'reviews.moderate');
  const review = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    if (!current) throw notFound(REVIEW_NOT_FOUND);
    const [updated] = await tx.update(reviews).set({ reply: input.reply, repliedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(reviews.id, reviewId)).returning();
    await recordAudit(tx, actor, { action: 'review.reply', target: reviewTarget(current), before: { reply: current.reply }, after: { reply: updated.reply } });
    return updated;
  });
  if (countsInRating(review.status)) invalidateProductReviews(review.productId);
  return (await loadAdminReview(reviewId))!;
}
