/**
 * The values the order and payment status columns may hold (db/schema.ts). Declared here, beside
 * the schema, so the schema and the seed need nothing from lib/; lib/orders/rules.ts re-exports
 * them with the rules that move an order between them.
 */
/** Order lifecycle: pending → processing → shipped → delivered, plus cancelled. */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Payment state, separate from the order status. */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** How the customer pays (spec §9 payment types). */
export const PAYMENT_TYPES = ['credit_card', 'paypal'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** A review's moderation state (lib/reviews/rules.ts): pending until an administrator approves or rejects it. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** A discount code's kind (lib/orders/discounts.ts): a percentage of the eligible goods, or a fixed amount off them. */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
