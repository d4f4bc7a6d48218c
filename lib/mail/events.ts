/**
 * The shop's e-mail events (docs/mail.md, docs/architecture.md "Outbox"): one function per event.
 * Each reads what its message needs from the database INSIDE the caller's transaction — the one
 * that makes the change — and writes the message into the outbox there (enqueue), so the change
 * and its message commit or roll back together. Delivery happens later (lib/mail/deliver.ts).
 *
 * Every message has an event key that names its event once (e.g. `order-received:42`): writing the
 * same event twice yields one message, and its Message-ID derives from that key.
 *
 * Customers are written to at their account's e-mail address; administrators' messages go to every
 * active administrator, or to the support address of the settings when there is none.
 */
import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { orderItems, orders, products, refundLines, refunds, returnLines, returns, reviews, taxDocuments, users, type Order } from '@/db/schema';
import { creditNotePath, documentNumber } from '@/lib/finance/tax-document-view';
import { siteUrl } from '@/lib/server/env';
import { getShopSettings, type ShopSettings } from '@/lib/settings/queries';
import { enqueue } from './outbox';
import { greetingName, type CancelledBy, type NamedPerson, type OrderFacts, type ShopFacts } from './templates/names';
import { isHandedOver } from '@/db/statuses';

type ShopContext = ShopFacts & Pick<ShopSettings, 'lowStockThreshold'>;

/** The store name, support address and the numbers the messages use, from the settings (read in the transaction). */
async function shopContext(tx: Executor): Promise<ShopContext> {
  const { storeName, supportEmail, lowStockThreshold } = await getShopSettings(tx);
  return { storeName, supportEmail, siteUrl: siteUrl(), lowStockThreshold };
}

const shopFacts = (c: ShopContext): ShopFacts => ({ storeName: c.storeName, supportEmail: c.supportEmail, siteUrl: c.siteUrl });

type LoadedOrder = { order: Order; email: string; userName: string; facts: OrderFacts };

/** The order, its customer's address and the e-mail's view of it; null when the order does not exist. */
async function loadOrder(tx: Executor, orderId: number): Promise<LoadedOrder | null> {
  const [row] = await tx
    .select({ order: orders, email: users.email, userName: users.userName, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const { order } = row;
  const contactName = [order.contact?.firstName, order.contact?.lastName].filter(Boolean).join(' ');
  const accountName = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    order,
    email: row.email,
    userName: row.userName,
    facts: {
      id: order.id,
      currency: order.currency,
      createdAt: order.createdAt.toISOString(),
      customerName: accountName || contactName || row.userName,
      greetingName: greetingName(row, order.contact),
      lines: lines.map((l) => ({
        name: l.productName,
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        total: l.totalPrice,
        details: [l.size, l.color, l.material].filter(Boolean).join(' · ') || null,
      })),
      subtotal: order.subtotal,
      discount: order.discountCode && order.discountCents > 0 ? { code: order.discountCode, amount: order.discountCents } : null,
      shippingFee: order.shippingFee,
      assemblyFee: order.assemblyFee,
      delivery: order.deliveryKind
        ? { kind: order.deliveryKind, name: order.deliveryServiceName ?? order.deliveryKind, zone: order.deliveryZoneName, date: order.deliveryDate, window: order.deliveryWindow, pickup: order.pickup ?? null }
        : null,
      total: order.totalAmount,
      // The order's own GST as stored when it was priced (lib/pricing/gst.ts is the one rule).
      gstIncluded: order.gstAmount,
      gstRatePercent: order.gstRatePercent,
      pricesIncludeGst: order.pricesIncludeGst,
      address: order.address ?? null,
    },
  };
}

/** Where administrators' messages go: every active administrator, or the support address. */
async function adminRecipients(tx: Executor, shop: ShopContext): Promise<string[]> {
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)))
    .orderBy(asc(users.id));
  const emails = [...new Set(rows.map((r) => r.email.trim().toLowerCase()).filter(Boolean))];
  return emails.length > 0 ? emails : [shop.supportEmail];
}

/**
 * "We have your order" — after POST /api/orders placed it: lines, totals with the GST included,
 * delivery address. Event key `order-received:{orderId}`.
 * @returns whether a message was written (false: unknown order, or already written).
 */
export async function mailOrderReceived(tx: Executor, orderId: number): Promise<boolean> {
  const shop = await shopContext(tx);
  const o = await loadOrder(tx, orderId);
  if (!o) return false;
  return enqueue(tx, {
    eventKey: `order-received:${orderId}`,
    template: 'order-received',
    recipient: o.email,
    subject: `${shop.storeName}: we have your order #${orderId}`,
    payload: { shop: shopFacts(shop), order: o.facts },
  });
}

/**
 * "Payment received" — once the order is paid (any gateway). Event key `payment-received:{orderId}`:
 * an order is paid once, so a retried payment or webhook writes no second message.
 * @returns whether a message was written (false: unknown or unpaid order, or already written).
 */
export async function mailPaymentReceived(tx: Executor, orderId: number): Promise<boolean> {
  const shop = await shopContext(tx);
  const o = await loadOrder(tx, orderId);
  if (!o || o.order.paymentStatus === 'unpaid') return false;
  return enqueue(tx, {
    eventKey: `payment-received:${orderId}`,
    template: 'payment-received',
    recipient: o.email,
    subject: `${shop.storeName}: payment received for order #${orderId}`,
    payload: { shop: shopFacts(shop), order: o.facts, payment: { method: o.order.paymentMethod, paidAt: o.order.paidAt?.toISOString() ?? null } },
  });
}

/**
 * "On its way" — an administrator set the order to shipped. Event key `order-shipped:{orderId}`:
 * the customer hears of it once, even if the status is set back and forth.
 */
export async function mailOrderShipped(tx: Executor, orderId: number): Promise<boolean> {
  const shop = await shopContext(tx);
  const o = await loadOrder(tx, orderId);
  if (!o) return false;
  return enqueue(tx, {
    eventKey: `order-shipped:${orderId}`,
    template: 'order-shipped',
    recipient: o.email,
    subject: `${shop.storeName}: order #${orderId} is on its way`,
    payload: { shop: shopFacts(shop), order: o.facts },
  });
}

/** "Delivered" — an administrator set the order to delivered. Event key `order-delivered:{orderId}`. */
export async function mailOrderDelivered(tx: Executor, orderId: number): Promise<boolean> {
  const shop = await shopContext(tx);
  const o = await loadOrder(tx, orderId);
  if (!o) return false;
  return enqueue(tx, {
    eventKey: `order-delivered:${orderId}`,
    template: 'order-delivered',
    recipient: o.email,
    subject: `${shop.storeName}: order #${orderId} has been delivered`,
    payload: { shop: shopFacts(shop), order: o.facts },
  });
}

/**
 * "Ready to collect" — an administrator marked a click & collect order ready for collection (issue
 * 24); the message names the pickup location and its hours. Event key `order-ready-for-collection:{orderId}`.
 */
export async function mailOrderReadyForCollection(tx: Executor, orderId: number): Promise<boolean> {
  const shop = await shopContext(tx);
  const o = await loadOrder(tx, orderId);
  if (!o) return false;
  return enqueue(tx, {
    eventKey: `order-ready-for-collection:${orderId}`,
    template: 'order-ready-for-collection',
    recipient: o.email,
    subject: `${shop.storeName}: order #${orderId} is ready to collect`,
    payload: { shop: shopFacts(shop), order: o.facts },
  });
}

/**
 * "Your delivery day has changed" — a booked two-person delivery was moved to another day or window
 * (lib/orders/delivery-move.ts). Call it after the order row has its new day, in
 * the same transaction; `previous` is the day and window it had. Event key
 * `delivery-day-changed:{orderId}:{updated_at in ms}`: one message per move.
 * @returns whether a message was written (false: unknown order, or already written).
 */
export async function mailDeliveryDayChanged(tx: Executor, orderId: number, previous: { date: string; window: 'morning' | 'afternoon' | null }): Promise<boolean> {
  const shop = await shopContext(tx);
  const o = await loadOrder(tx, orderId);
  if (!o) return false;
  return enqueue(tx, {
    eventKey: `delivery-day-changed:${orderId}:${o.order.updatedAt.getTime()}`,
    template: 'delivery-day-changed',
    recipient: o.email,
    subject: `${shop.storeName}: your delivery day has changed for order #${orderId}`,
    payload: { shop: shopFacts(shop), order: o.facts, previous },
  });
}

const CANCELLED_SUBJECT: Record<CancelledBy, string> = {
  customer: 'you cancelled order',
  admin: 'we have cancelled order',
  expiry: 'unpaid order expired:',
};

/**
 * "Cancelled" — by the customer, an administrator, or because an unpaid order's hold expired
 * (`by`). Call it after the order row was set to cancelled in the same transaction. Event key
 * `order-cancelled:{orderId}:{cancelled_at in ms}`: one message per cancellation (an order an
 * administrator re-opens and cancels again is a second event).
 * @returns whether a message was written (false: unknown order, not cancelled, or already written).
 */
export async function mailOrderCancelled(tx: Executor, orderId: number, by: CancelledBy): Promise<boolean> {
  const shop = await shopContext(tx);
  const o = await loadOrder(tx, orderId);
  if (!o || o.order.status !== 'cancelled') return false;
  const at = o.order.cancelledAt?.getTime() ?? 0;
  return enqueue(tx, {
    eventKey: `order-cancelled:${orderId}:${at}`,
    template: 'order-cancelled',
    recipient: o.email,
    subject: `${shop.storeName}: ${CANCELLED_SUBJECT[by]} #${orderId}`,
    payload: { shop: shopFacts(shop), order: o.facts, by, paid: o.order.paymentStatus !== 'unpaid' },
  });
}

/**
 * "New paid order" to the administrators (every active one, or the support address), once the order
 * is paid. Event key `new-paid-order:{orderId}:{recipient}`.
 * @returns how many messages were written.
 */
export async function mailNewPaidOrder(tx: Executor, orderId: number): Promise<number> {
  const shop = await shopContext(tx);
  const o = await loadOrder(tx, orderId);
  if (!o || o.order.paymentStatus === 'unpaid') return 0;
  let written = 0;
  for (const recipient of await adminRecipients(tx, shop)) {
    const wrote = await enqueue(tx, {
      eventKey: `new-paid-order:${orderId}:${recipient}`,
      template: 'new-paid-order',
      recipient,
      subject: `${shop.storeName}: new paid order #${orderId} (${o.facts.customerName})`,
      payload: { shop: shopFacts(shop), order: o.facts, customerEmail: o.email, adminOrderUrl: `${shop.siteUrl}/admin/order?status=${o.order.status}` },
    });
    if (wrote) written += 1;
  }
  return written;
}

/**
 * "Low stock" to the administrators when a product falls to the low_stock_threshold setting. Call
 * it in the transaction that took the units, after taking them; pass the product's stock before
 * that change as `before` when known, so that only the crossing (before above the threshold, now
 * at or below it) writes a message, not every later sale. Nothing is written while the product is
 * above the threshold. Event key `low-stock:{productId}:{transaction id}:{recipient}`: one message
 * per recipient and transaction however many lines of one order took units.
 * @returns how many messages were written.
 */
export async function mailLowStock(tx: Executor, productId: number, opts: { before?: number } = {}): Promise<number> {
  const shop = await shopContext(tx);
  const [product] = await tx.select({ id: products.id, name: products.name, sku: products.sku, stock: products.stock }).from(products).where(eq(products.id, productId));
  if (!product || product.stock > shop.lowStockThreshold) return 0;
  if (opts.before !== undefined && opts.before <= shop.lowStockThreshold) return 0;
  const [{ txid }] = (await tx.execute(sql`SELECT txid_current()::text AS txid`)).rows as { txid: string }[];
  let written = 0;
  for (const recipient of await adminRecipients(tx, shop)) {
    const wrote = await enqueue(tx, {
      eventKey: `low-stock:${productId}:${txid}:${recipient}`,
      template: 'low-stock',
      recipient,
      subject: `${shop.storeName}: low stock — ${product.name} (${product.stock} left)`,
      payload: { shop: shopFacts(shop), product, threshold: shop.lowStockThreshold, adminProductUrl: `${shop.siteUrl}/admin/product` },
    });
    if (wrote) written += 1;
  }
  return written;
}

/**
 * "Reset your password" — written in the transaction that stores the reset token
 * (lib/accounts/password-reset.ts). The link carries the token itself (only its hash is stored),
 * so each request is its own event (`password-reset:{tokenId}`).
 */
export async function mailPasswordReset(tx: Executor, reset: { tokenId: number; email: string; person: NamedPerson; token: string; expiresAt: Date; minutes: number }): Promise<boolean> {
  const shop = await shopContext(tx);
  return enqueue(tx, {
    eventKey: `password-reset:${reset.tokenId}`,
    template: 'password-reset',
    recipient: reset.email,
    subject: `${shop.storeName}: reset your password`,
    payload: {
      shop: shopFacts(shop),
      customerName: greetingName(reset.person),
      resetUrl: `${shop.siteUrl}/reset-password?token=${encodeURIComponent(reset.token)}`,
      expiresAt: reset.expiresAt.toISOString(),
      minutes: reset.minutes,
    },
  });
}

/**
 * "How are you finding it?" — asks the customer of a delivered order to review each line (issue
 * 25). Written when an administrator sets the order to delivered, in that transaction, but not
 * sent before the `review_request_delay_days` setting has passed (the outbox row's
 * next_attempt_at). Event key `review-request:{orderId}`: one request per order, however often
 * its status goes back and forth.
 * @returns whether a message was written (false: unknown order, not delivered, or already written).
 */
export async function mailReviewRequest(tx: Executor, orderId: number): Promise<boolean> {
  const shop = await shopContext(tx);
  const o = await loadOrder(tx, orderId);
  if (!o || !isHandedOver(o.order.status)) return false;
  const lines = await tx.select({ id: orderItems.id, name: orderItems.productName, size: orderItems.size, color: orderItems.color }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const delayDays = (await getShopSettings(tx)).reviewRequestDelayDays;
  return enqueue(tx, {
    eventKey: `review-request:${orderId}`,
    template: 'review-request',
    recipient: o.email,
    subject: `${shop.storeName}: how are you finding your order #${orderId}?`,
    payload: {
      shop: shopFacts(shop),
      orderId,
      customerName: o.facts.greetingName ?? null,
      lines: lines.map((l) => ({ name: l.name, details: [l.size, l.color].filter(Boolean).join(' · ') || null, reviewUrl: `${shop.siteUrl}/review/${l.id}` })),
    },
    notBefore: new Date(Date.now() + delayDays * 86_400_000),
  });
}

/**
 * "Your review is published" / "We could not publish your review" (with the reason) — to the
 * author when an administrator approves or rejects their review. Call it in the
 * moderation's transaction, after the review row was updated. Event key
 * `review-moderated:{reviewId}:{status}:{moderated_at in ms}`: one message per decision.
 * @returns whether a message was written (false: unknown or undecided review, or already written).
 */
export async function mailReviewModerated(tx: Executor, reviewId: number): Promise<boolean> {
  const shop = await shopContext(tx);
  const [row] = await tx
    .select({ review: reviews, productName: orderItems.productName, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(reviews)
    .innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, reviewId));
  if (!row || row.review.status === 'pending' || !row.review.moderatedAt) return false;
  const { review } = row;
  const status = review.status as 'approved' | 'rejected';
  return enqueue(tx, {
    eventKey: `review-moderated:${reviewId}:${status}:${review.moderatedAt!.getTime()}`,
    template: 'review-moderated',
    recipient: row.email,
    subject: status === 'approved' ? `${shop.storeName}: your review of ${row.productName} is published` : `${shop.storeName}: about your review of ${row.productName}`,
    payload: {
      shop: shopFacts(shop),
      customerName: greetingName(row),
      review: {
        title: review.title,
        productName: row.productName,
        status,
        reason: review.rejectionReason,
        productUrl: `${shop.siteUrl}/products/${review.productId}#reviews`,
        reviewUrl: `${shop.siteUrl}/review/${review.orderItemId}`,
      },
    },
  });
}

/** The customer's address and the name the e-mails greet them by (greetingName). */
async function customerOf(tx: Executor, userId: number): Promise<{ email: string; name: string | null } | null> {
  const [u] = await tx.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return u ? { email: u.email, name: greetingName(u) } : null;
}

/**
 * "We have refunded …" — a refund succeeded (lib/orders/refunds.ts settleRefund), written in that
 * transaction after its credit note. Event key `refund-issued:{refundId}`: one message per refund.
 * @returns whether a message was written (false: unknown or unsettled refund, or already written).
 */
export async function mailRefundIssued(tx: Executor, refundId: number): Promise<boolean> {
  const shop = await shopContext(tx);
  const [row] = await tx
    .select({ refund: refunds, userId: orders.userId, currency: orders.currency, paymentStatus: orders.paymentStatus })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  if (!row || row.refund.status !== 'succeeded') return false;
  const customer = await customerOf(tx, row.userId);
  if (!customer) return false;
  const lines = await tx
    .select({ name: orderItems.productName, quantity: refundLines.quantity, amount: refundLines.amount })
    .from(refundLines)
    .innerJoin(orderItems, eq(orderItems.id, refundLines.orderItemId))
    .where(eq(refundLines.refundId, refundId))
    .orderBy(asc(refundLines.id));
  const [note] = await tx.select({ number: taxDocuments.number }).from(taxDocuments).where(eq(taxDocuments.refundId, refundId));
  const { refund } = row;
  const creditNote = note ? documentNumber('credit_note', note.number) : null;
  return enqueue(tx, {
    eventKey: `refund-issued:${refundId}`,
    template: 'refund-issued',
    recipient: customer.email,
    subject: `${shop.storeName}: your refund for order #${refund.orderId}`,
    payload: {
      shop: shopFacts(shop),
      customerName: customer.name,
      orderId: refund.orderId,
      refund: { id: refund.id, amount: refund.amount, currency: row.currency, deliveryFee: refund.deliveryFeeAmount, collectionFee: refund.collectionFeeAmount, reason: refund.reason, lines, creditNote, full: row.paymentStatus === 'refunded' },
      creditNoteUrl: `${shop.siteUrl}${creditNote ? creditNotePath(refund.orderId, creditNote) : `/order/${refund.orderId}/invoice`}`,
    },
  });
}

/**
 * "We have your return request" (status requested) or the decision (approved / declined, with the
 * administrator's message) — written in the transaction that creates or decides the return (lib/orders/returns.ts).
 * Event keys `return-received:{returnId}` and `return-decided:{returnId}:{status}`.
 * @returns whether a message was written (false: unknown return, a state with no e-mail, or already written).
 */
export async function mailReturnUpdate(tx: Executor, returnId: number): Promise<boolean> {
  const shop = await shopContext(tx);
  const [ret] = await tx.select().from(returns).where(eq(returns.id, returnId));
  if (!ret || !['requested', 'approved', 'declined'].includes(ret.status)) return false;
  const customer = await customerOf(tx, ret.userId);
  if (!customer) return false;
  const lines = await tx
    .select({ name: orderItems.productName, quantity: returnLines.quantity })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(returnLines.id));
  const requested = ret.status === 'requested';
  return enqueue(tx, {
    eventKey: requested ? `return-received:${returnId}` : `return-decided:${returnId}:${ret.status}`,
    template: requested ? 'return-received' : 'return-decided',
    recipient: customer.email,
    subject: requested
      ? `${shop.storeName}: we have your return request for order #${ret.orderId}`
      : ret.status === 'approved'
        ? `${shop.storeName}: your return for order #${ret.orderId} is approved`
        : `${shop.storeName}: about your return for order #${ret.orderId}`,
    payload: {
      shop: shopFacts(shop),
      customerName: customer.name,
      orderId: ret.orderId,
      ret: { id: ret.id, status: ret.status, reason: ret.reason, message: ret.decisionMessage, lines },
      ordersUrl: `${shop.siteUrl}/order`,
    },
  });
}

/**
 * "Confirm your back-in-stock alert" — the double opt-in of a visitor's alert
 * (lib/mail/stock-alerts.ts), written in the transaction that records the alert. One per alert
 * (`stock-alert-confirm:{alertId}`): asking again for the same product and address writes none.
 * The link leads to a page that confirms with a button (a link scanner's GET changes nothing).
 */
export async function mailStockAlertConfirm(tx: Executor, alert: { id: number; email: string; token: string; product: { id: number; name: string } }): Promise<boolean> {
  const shop = await shopContext(tx);
  return enqueue(tx, {
    eventKey: `stock-alert-confirm:${alert.id}`,
    template: 'stock-alert-confirm',
    recipient: alert.email,
    subject: `${shop.storeName}: confirm your alert for ${alert.product.name}`,
    payload: {
      shop: shopFacts(shop),
      product: alert.product,
      productUrl: `${shop.siteUrl}/products/${alert.product.id}`,
      confirmUrl: `${shop.siteUrl}/stock-alerts/confirm?token=${encodeURIComponent(alert.token)}`,
    },
  });
}
