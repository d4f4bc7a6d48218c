/**
 * The values the order and payment status columns may hold (db/schema.ts). Declared here, beside
 * the schema, so the schema and the seed need nothing from lib/; lib/orders/rules.ts re-exports
 * them with the rules that move an order between them.
 */
/**
 * Order lifecycle: pending → processing → shipped → delivered, plus cancelled; a click & collect
 * order goes processing → ready_for_collection → collected instead (lib/orders/rules.ts).
 */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'ready_for_collection', 'collected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * Statuses in which the customer has the goods: delivered, or collected (click & collect).
 * Returns, reviews and the review request count from them. Here, beside the statuses, because
 * mail and reviews stand below lib/orders and read it too (docs/architecture.md "Domains").
 */
export const HANDED_OVER_STATUSES = ['delivered', 'collected'] as const satisfies readonly OrderStatus[];
export const isHandedOver = (status: OrderStatus) => (HANDED_OVER_STATUSES as readonly OrderStatus[]).includes(status);
/** Payment state, separate from the order status: `partially_refunded` once some, `refunded` once all of what was paid went back (lib/orders/refunds.ts). */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** How the customer pays (spec §9 payment types). */
export const PAYMENT_TYPES = ['credit_card', 'paypal'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** A review's moderation state (lib/reviews/rules.ts): pending until an administrator approves or rejects it. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/**
 * A refund's state (lib/orders/refunds.ts): `pending` from the moment it is recorded (the amount
 * already counts against the payment) until the gateway answers; then `succeeded` or `failed`
 * (a failed refund gives its amount back to what may still be refunded).
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/**
 * A return's state (lib/orders/return-rules.ts says who may move it where): requested → approved |
 * declined → received → refunded.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'declined', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** A discount code's kind (lib/pricing/discounts.ts): a percentage of the eligible goods, or a fixed amount off them. */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
/**
 * How a product travels (derived at import by db/shipping-class.ts, editable in
 * Edit Details): `parcel` fits a courier, `bulky` needs a two-person team, `collect_only` is only collected.
 */
export const SHIPPING_CLASSES = ['parcel', 'bulky', 'collect_only'] as const;
export type ShippingClass = (typeof SHIPPING_CLASSES)[number];
/** The delivery services a zone may offer (docs/delivery.md). */
export const DELIVERY_SERVICE_KINDS = ['courier', 'two_person', 'two_person_assembly', 'click_collect'] as const;
export type DeliveryServiceKind = (typeof DELIVERY_SERVICE_KINDS)[number];
/** The half-day a two-person team arrives in. */
export const DELIVERY_WINDOWS = ['morning', 'afternoon'] as const;
export type DeliveryWindow = (typeof DELIVERY_WINDOWS)[number];
/**
 * What an order history entry records (lib/orders/history.ts): the order placed, a status change,
 * a payment, a refund asked for, made or failed, a message left on the order, a delivery day moved.
 */
export const ORDER_EVENT_KINDS = ['placed', 'status', 'paid', 'refund_requested', 'refunded', 'refund_failed', 'sales_message', 'delivery_day'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
/** Who made an order history entry: a staff member, the customer, or the shop itself (expiry, a gateway's answer). */
export const ORDER_EVENT_ACTORS = ['staff', 'customer', 'system'] as const;
export type OrderEventActor = (typeof ORDER_EVENT_ACTORS)[number];

/** What a stock location is (docs/stock.md): the warehouse ships; showrooms ship and may offer collection. */
export const STOCK_LOCATION_KINDS = ['warehouse', 'showroom'] as const;
export type StockLocationKind = (typeof STOCK_LOCATION_KINDS)[number];

/**
 * Why a location's on-hand number changed (docs/stock.md "The ledger"): goods received, sold (an
 * order's units left the shelf at fulfilment), cancelled (sold units came back with a cancellation),
 * returned (a return restocked), count (a stocktake or an import set the number), damaged, and
 * transfer (two rows, out of one location and into another).
 */
export const STOCK_MOVE_REASONS = ['received', 'sold', 'cancelled', 'returned', 'count', 'damaged', 'transfer'] as const;
export type StockMoveReason = (typeof STOCK_MOVE_REASONS)[number];
