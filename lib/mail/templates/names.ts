/**
 * The e-mail templates and the payload each one renders (lib/mail/events.ts builds the payloads,
 * lib/mail/templates/index.tsx renders them). Payloads are stored as JSON in outbox_messages, so
 * they hold plain values: money in integer cents, dates as ISO strings.
 */
import type { AddressSnapshot } from '@/db/schema';

export const TEMPLATE_NAMES = ['order-received', 'payment-received', 'order-shipped', 'order-delivered', 'order-ready-for-collection', 'delivery-day-changed', 'order-cancelled', 'new-paid-order', 'low-stock', 'password-reset', 'review-request', 'review-moderated', 'refund-issued', 'return-received', 'return-decided', 'stock-alert-confirm', 'back-in-stock', 'price-drop', 'cart-reminder'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** A person as the shop knows them: the account's profile or an order's contact. */
export type NamedPerson = { firstName?: string | null; lastName?: string | null } | null | undefined;

/**
 * The one rule for the name a customer e-mail greets (docs/mail.md "Greeting"): the first name of
 * the first of `people` that has one (the account first, then the order's contact); else the full
 * name known (a last name alone); never the username or the e-mail address. Null when no name is
 * known: the greeting is then "Kia ora,".
 */
export function greetingName(...people: NamedPerson[]): string | null {
  for (const p of people) {
    const first = p?.firstName?.trim();
    if (first) return first;
  }
  for (const p of people) {
    const full = [p?.firstName, p?.lastName].map((v) => v?.trim()).filter(Boolean).join(' ');
    if (full) return full;
  }
  return null;
}

/** Who writes: the store name and support address of the settings, and the shop's address. */
export type ShopFacts = { storeName: string; supportEmail: string; siteUrl: string };

/**
 * What a marketing e-mail carries besides the shop (docs/mail.md "Marketing e-mail"): the sender's
 * postal address, the page that confirms an unsubscribe (the link in the body) and the address a
 * mail client posts `List-Unsubscribe=One-Click` to (RFC 8058; lib/mail/deliver.ts sends it as the
 * List-Unsubscribe header).
 */
export type MarketingFacts = { userId: number; storeAddress: string; unsubscribeUrl: string; oneClickUrl: string };

/** An order as the e-mails show it (cents). */
export type OrderFacts = {
  id: number;
  currency: string;
  createdAt: string;
  /** The customer's full name as the back office reads it (may be the username when no name is known). */
  customerName: string;
  /** The name the customer is greeted by (greetingName); left out in older messages, which greeted customerName. */
  greetingName?: string | null;
  lines: { name: string; sku: string; quantity: number; unitPrice: number; total: number; details: string | null }[];
  subtotal: number;
  /** A discount code and the cents it took off the goods; absent in older messages and orders without one. */
  discount?: { code: string; amount: number } | null;
  shippingFee: number;
  /** Cents of assembly; left out in older messages. */
  assemblyFee?: number;
  /** The delivery service, zone, day and pickup; null/left out for older orders and messages. */
  delivery?: { kind: string; name: string; zone: string | null; date: string | null; window: 'morning' | 'afternoon' | null; pickup: { name: string; address: string; openingHours: string } | null } | null;
  total: number;
  /** Cents of GST in the order, as stored on it (null in messages written before orders stored their GST: none is shown). */
  gstIncluded: number | null;
  gstRatePercent: number;
  /** false: GST was added to the prices (a GST line before the total); left out (older messages) means included. */
  pricesIncludeGst?: boolean;
  address: AddressSnapshot | null;
};

export type CancelledBy = 'customer' | 'admin' | 'expiry';

export type OrderPayload = { shop: ShopFacts; order: OrderFacts };
export type PaymentPayload = OrderPayload & { payment: { method: string | null; paidAt: string | null } };
export type CancelledPayload = OrderPayload & { by: CancelledBy; paid: boolean };
/** A booked delivery day that was moved: the day and window it had before; the order carries the new ones. */
export type DeliveryDayChangedPayload = OrderPayload & { previous: { date: string; window: 'morning' | 'afternoon' | null } };
export type NewPaidOrderPayload = OrderPayload & { customerEmail: string; adminOrderUrl: string };
/** The reset link (single use, valid until expiresAt) for the account's holder. */
export type PasswordResetPayload = { shop: ShopFacts; /** greetingName; left out in older messages, which greeted userName. */ customerName?: string | null; userName?: string; resetUrl: string; expiresAt: string; minutes: number };
export type LowStockPayload = { shop: ShopFacts; product: { id: number; name: string; sku: string; stock: number }; threshold: number; adminProductUrl: string };

/** A delivered order's lines, each with the address of its review form. */
export type ReviewRequestPayload = { shop: ShopFacts; orderId: number; /** greetingName */ customerName: string | null; lines: { name: string; details: string | null; reviewUrl: string }[] };

/** A review's moderation, told to its author: published, or not published and why. */
export type ReviewModeratedPayload = {
  shop: ShopFacts;
  /** greetingName */
  customerName: string | null;
  review: { title: string; productName: string; status: 'approved' | 'rejected'; reason: string | null; productUrl: string; reviewUrl: string };
};

/** A refund that went through: what came back, for which lines, and its credit note. Cents. */
export type RefundIssuedPayload = {
  shop: ShopFacts;
  /** greetingName */
  customerName: string | null;
  orderId: number;
  refund: { id: number; amount: number; currency: string; deliveryFee: number; /** Cents kept for collecting a return (absent in messages written before it existed). */ collectionFee?: number; reason: string | null; lines: { name: string; quantity: number; amount: number }[]; creditNote: string | null; full: boolean };
  creditNoteUrl: string;
};

/** A return request, as received or as decided. */
export type ReturnPayload = {
  shop: ShopFacts;
  /** greetingName */
  customerName: string | null;
  orderId: number;
  ret: { id: number; status: 'requested' | 'approved' | 'declined' | 'received' | 'refunded'; reason: string; message: string | null; lines: { name: string; quantity: number }[] };
  ordersUrl: string;
};

/** A visitor's back-in-stock alert waiting for its address to be confirmed (double opt-in). */
export type StockAlertConfirmPayload = { shop: ShopFacts; product: { id: number; name: string }; productUrl: string; confirmUrl: string };

/**
 * A product back in stock, told to one confirmed alert. Written by the database itself, in the
 * transaction of the stock change (the trigger of migration 0036, docs/mail.md "Back-in-stock
 * alerts"), which knows neither SITE_URL nor the settings' defaults: it holds paths, and a store
 * name or support address only when the settings have one; rendering completes them (index.tsx).
 */
export type BackInStockPayload = {
  shop: { storeName: string | null; supportEmail: string | null };
  /** greetingName */
  customerName: string | null;
  product: { id: number; name: string };
  productPath: string;
  /** The page that confirms the unsubscribe (GET, no change) … */
  unsubscribePath: string;
  /** … and the one-click address of the List-Unsubscribe header (RFC 8058: POST). */
  listUnsubscribePath: string;
};

/** A saved item whose price fell: the price when saved (or last announced) and now, cents. */
export type PriceDropPayload = {
  shop: ShopFacts;
  marketing: MarketingFacts;
  /** greetingName */
  customerName: string | null;
  product: { id: number; name: string; currency: string; was: number; now: number; percentOff: number; productUrl: string };
  savedUrl: string;
};

export type CartReminderPayload = {
  shop: ShopFacts;
  marketing: MarketingFacts;
  /** greetingName */
  customerName: string | null;
  /** Which reminder of the idle stretch this is (1, 2, …). */
  reminder: number;
  /** Up to CART_REMINDER_LINES lines, as they were when the reminder was written; `more` counts the rest. */
  items: { name: string; quantity: number }[];
  more: number;
  /** `/cart?reminder=<signed token>` (lib/auth/signed-links.ts 'cart-reminder'): opens the cart, signs nobody in. */
  cartUrl: string;
};

export type PayloadOf = {
  'order-received': OrderPayload;
  'payment-received': PaymentPayload;
  'order-shipped': OrderPayload;
  'order-delivered': OrderPayload;
  'order-ready-for-collection': OrderPayload;
  'delivery-day-changed': DeliveryDayChangedPayload;
  'order-cancelled': CancelledPayload;
  'new-paid-order': NewPaidOrderPayload;
  'low-stock': LowStockPayload;
  'password-reset': PasswordResetPayload;
  'review-request': ReviewRequestPayload;
  'review-moderated': ReviewModeratedPayload;
  'refund-issued': RefundIssuedPayload;
  'return-received': ReturnPayload;
  'return-decided': ReturnPayload;
  'stock-alert-confirm': StockAlertConfirmPayload;
  'back-in-stock': BackInStockPayload;
  'price-drop': PriceDropPayload;
  'cart-reminder': CartReminderPayload;
};
