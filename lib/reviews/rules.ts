/**
 * The rules of reviews, in one place and pure, so the service, the pages and the forms
 * read the same answers (docs/architecture.md "Where a rule goes"):
 *   - who may review: the owner of an order line (the owner is in the loader's WHERE), once the
 *     order is delivered, once per line;
 *   - how moderation moves a review between pending, approved and rejected;
 *   - which reviews count in a product's rating: approved ones only.
 */
import { REVIEW_STATUSES, type OrderStatus, type ReviewStatus } from '@/db/statuses';
import { isHandedOver } from '@/db/statuses';

export { REVIEW_STATUSES, type ReviewStatus };

/** Only approved reviews are shown and count in the average; a rejected one leaves it. */
export const COUNTS_IN_RATING: ReviewStatus = 'approved';
export const countsInRating = (status: ReviewStatus) => status === COUNTS_IN_RATING;

export type Refusal = { code: 'conflict' | 'bad_request'; message: string };

export const NOT_DELIVERED_MESSAGE = 'You can review an item once its order has been delivered.';
export const ALREADY_REVIEWED_MESSAGE = 'You have already reviewed this item.';

/**
 * Whether the owner of an order line may review it now.
 * @param line the line's order status and whether it already has a review
 * @returns null when allowed, else the refusal (409)
 */
export function reviewRefusal(line: { orderStatus: OrderStatus; reviewed: boolean }): Refusal | null {
  if (!isHandedOver(line.orderStatus)) return { code: 'conflict', message: NOT_DELIVERED_MESSAGE };
  if (line.reviewed) return { code: 'conflict', message: ALREADY_REVIEWED_MESSAGE };
  return null;
}

/** What a moderation decision does: the new status, and whether the product's rating changes. */
export type Moderation = { to: 'approved' | 'rejected'; ratingChanges: boolean };

const WORD: Record<ReviewStatus, string> = { pending: 'waiting for moderation', approved: 'approved', rejected: 'rejected' };

/**
 * An administrator's decision on a review. Any review may be approved or rejected, including one
 * decided before (an approved review can be withdrawn, a rejected one reconsidered); deciding the
 * status it already has is refused, so a double click cannot send the customer two answers.
 * @returns the move, or a 409 refusal
 */
export function moderate(current: ReviewStatus, to: 'approved' | 'rejected'): Moderation | Refusal {
  if (current === to) return { code: 'conflict', message: `This review is already ${WORD[to]}.` };
  return { to, ratingChanges: countsInRating(current) || countsInRating(to) };
}

export const isRefusal = (x: Moderation | Refusal | null): x is Refusal => x !== null && 'code' in x;

/** The name shown with a review: first name and last initial ("Aroha P."), else "Verified buyer". */
export function authorNameOf(first: string | null | undefined, last: string | null | undefined): string {
  const f = first?.trim();
  const l = last?.trim();
  if (!f) return 'Verified buyer';
  return l ? `${f} ${l.charAt(0).toUpperCase()}.` : f;
}
