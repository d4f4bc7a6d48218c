/**
 * Order writes (spec §4 Order flow, Order status; §7 POST /orders, POST /orders/submit,
 * DELETE /orders/{id}; docs/architecture.md "Order status").
 *
 * - Prices, names and SKUs come from the database, never from the client.
 * - Who may move an order to which status, and what that does to stock, is decided by
 *   lib/orders/rules.ts transition(); moveOrder() and removeOrder() apply its decision.
 * - Stock is held at stock locations in the order's own transaction (holdLines, lib/orders/stock.ts;
 *   docs/stock.md "Allocation"), taken off the shelf there when the goods leave (shipped,
 *   delivered, collected), and let go when an order is cancelled or deleted unpaid; each write returns its stock moves from
 *   the transaction and, after the commit, hands them to invalidateProductStock
 *   (lib/catalog/read/cache.ts): the moved products' cached reads are refreshed, so shoppers see the new
 *   stock at once, and the product lists only when a product sold out or came back in stock.
 * - An order is marked paid exactly once (conditional UPDATE … WHERE payment_status = 'unpaid').
 * - Each change the customer or the administrators are told about writes its e-mail into the
 *   outbox in the change's own transaction (lib/mail/events.ts; docs/mail.md): order received
 *   (createOrder), paid (markOrderPaid, whatever the gateway), cancelled by the customer
 *   (removeOrder); after the commit, delivery is kicked (kickDelivery, best effort).
 */
import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { db, type Executor, type Tx } from '@/db/client';
import { cartItems, carts, orderItems, orders, payments, type AddressSnapshot, type ContactSnapshot, type Order, type OrderStatus, type PaymentType } from '@/db/schema';
import { createAddress, getAddress } from '@/lib/accounts/addresses';
import { createContact, getContact } from '@/lib/accounts/contacts';
import { invalidateProductStock, type StockMove } from '@/lib/catalog/read/cache';
import { issueInvoice } from '@/lib/finance/tax-documents';
import { kickDelivery } from '@/lib/mail/deliver';
import { mailNewPaidOrder, mailOrderCancelled, mailOrderReceived, mailPaymentReceived } from '@/lib/mail/events';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { orderSnapshot, orderTarget } from '@/lib/orders/audit-snapshot';
import type { SessionUser } from '@/lib/auth/guards';
import { AppError, badRequest, conflict, notFound } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';
import type { AddressInput } from '@/lib/accounts/address-schema';
import type { ContactInput } from '@/lib/accounts/contact-schema';
import type { OrderDeletedJson } from '@/lib/orders/contracts';
import { isHandedOver, transition, type OrderTarget, type TransitionEffect } from '@/lib/orders/rules';
import type { CreateOrderInput } from '@/lib/orders/schemas';
import { refreshProductRatings } from '@/lib/reviews/stats';
import { getOrder, openForCustomerSql } from './queries';
import { fulfil, holdLines, letGo, sourceOf, takeProducts } from './stock';
import { expireOrders, holdUntil } from './expiry';
import { computeTotals, deliveryRule, lineTotal, NO_DELIVERY } from '@/lib/pricing/totals';
import { claimForOrder, reclaimUse } from '@/lib/discounts/service';
import { allocateDiscount } from '@/lib/pricing/discounts';
import { deliveryFactsOf, quoteDelivery, SERVICE_UNAVAILABLE } from '@/lib/delivery/service';
import { defaultService } from '@/lib/delivery/quote';
import { chooseSlot, releaseSlot, takeSlot } from '@/lib/delivery/booking';
import { formatDay, todayIn } from '@/lib/delivery/calendar';
import { actorOf, recordEvent } from './history';
import type { OrderJson } from './mappers';

/** The statuses in which an order's goods have left the shop: its held units are fulfilled on entering one. */
const FULFILLED_STATUSES: OrderStatus[] = ['shipped', 'delivered', 'collected'];

const CART_CHANGED = 'Some of the selected items are no longer in your cart. Please review your cart and try again.';

type AddressRow = Awaited<ReturnType<typeof getAddress>>;
type ContactRow = Awaited<ReturnType<typeof getContact>>;

const addressSnapshot = (a: AddressRow): AddressSnapshot => ({
  firstName: a.first_name,
  lastName: a.last_name,
  phoneNumber: a.phone_number,
  streetAddress: a.street_address,
  city: a.city,
  stateProvince: a.state_province,
  postalCode: a.postal_code,
  country: a.country,
});

const contactSnapshot = (c: ContactRow): ContactSnapshot => ({ firstName: c.first_name, lastName: c.last_name, phoneNumber: c.phone_number, email: c.email });

/** The chosen saved address (404 when not the user's) or a new one saved to the address book in the order's transaction. */
async function resolveAddress(tx: Tx, userId: number, input: CreateOrderInput): Promise<{ id: number; snapshot: AddressSnapshot }> {
  const row = input.addressId !== undefined ? await getAddress(userId, input.addressId, tx) : await createAddress(userId, input.newAddress as AddressInput, tx);
  return { id: row.address_id, snapshot: addressSnapshot(row) };
}

/** The chosen saved contact (404 when not the user's) or a new one saved in the order's transaction. */
async function resolveContact(tx: Tx, userId: number, input: CreateOrderInput): Promise<{ id: number; snapshot: ContactSnapshot }> {
  const row = input.contactId !== undefined ? await getContact(userId, input.contactId, tx) : await createContact(userId, input.newContact as ContactInput, tx);
  return { id: row.contact_id, snapshot: contactSnapshot(row) };
}

/**
 * POST /api/orders: places an order for the selected cart lines (spec §4 Order flow).
 *
 * Input: cartItems [{cart_item_id, quantity?, price? (ignored)}], addressId | newAddress,
 * contactId | newContact, customer_message, discount_code? (priced here only, any client
 * figure ignored; its uses counted with its row locked), delivery? {service_id} (the
 * service chosen from the quote; absent → the cheapest that delivers, lib/delivery/quote.ts
 * defaultService; the fee is always quoted here). New addresses/contacts are saved to the address book
 * (lib/accounts createAddress/createContact) in the same transaction, and so is the "order
 * received" e-mail (outbox). Returns the order (§3 shape, money in dollars).
 *
 * Errors (nothing is written): 404 a cart line, address or contact that is not the user's;
 * 409 the cart changed (quantity differs), a product is no longer sold, or stock is short
 * ("Only N left of {name}."); a discount code that is unknown, off, not started, ended, applies
 * to none of the lines or misses its minimum spend 400, whose uses are all taken 409; 400 the
 * address is outside every delivery zone or in one not served, no service fits every line, or the
 * chosen service is not offered (lib/delivery/service.ts).
 */
export async function createOrder(userId: number, input: CreateOrderInput): Promise<OrderJson> {
  const { orderId, moves } = await db.transaction(async (tx) => {
    // Locks the user's cart: a concurrent cart edit or a second order of the same lines waits.
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update');
    if (!cart) throw notFound(CART_CHANGED);
    const ids = input.cartItems.map((l) => l.cart_item_id);
    const lines = await tx
      .select({ id: cartItems.id, productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), inArray(cartItems.id, ids)))
      .orderBy(asc(cartItems.productId));
    if (lines.length !== ids.length) throw notFound(CART_CHANGED);
    for (const requested of input.cartItems) {
      const line = lines.find((l) => l.id === requested.cart_item_id)!;
      if (requested.quantity !== undefined && requested.quantity !== line.quantity) {
        throw conflict('Your cart has changed since this page was loaded. Please review your cart and try again.');
      }
    }

    const address = await resolveAddress(tx, userId, input);
    const contact = await resolveContact(tx, userId, input);

    // Overdue unpaid orders holding these products release them first (lib/orders/expiry.ts).
    const released = await expireOrders(tx, { productIds: lines.map((l) => l.productId) });
    // The products locked in id order (no deadlocks between multi-line orders), with the price and
    // names the order snapshots; their units are held once the order's delivery is known (below).
    const snapshots = await takeProducts(tx, lines.map((l) => l.productId));
    const reserved = lines.map((line) => ({ line, product: snapshots.get(line.productId)! }));

    const settings = await getShopSettings(tx);
    const priced = reserved.map((r) => ({ productId: r.line.productId, unitPrice: r.product.price, quantity: r.line.quantity }));
    // A discount code: its row locked, checked and its uses counted here, last of the order's
    // locks, so concurrent orders take its last use one at a time (lib/discounts/service.ts).
    const code = input.discount_code ? await claimForOrder(tx, input.discount_code, userId, priced, settings) : null;
    const goodsRule = { ...settings, ...NO_DELIVERY };
    const goods = code ? computeTotals(code.lines, goodsRule, code.rule) : computeTotals(priced, goodsRule);
    // Delivery: the zone's services that fit every line, quoted here from the database;
    // free-over amounts are judged on the goods after any discount, as the totals judge them.
    const facts = await deliveryFactsOf(tx, lines.map((l) => l.productId));
    const quote = await quoteDelivery(
      tx,
      address.snapshot,
      reserved.map((r) => ({ ...facts.get(r.line.productId)!, unitPrice: r.product.price, quantity: r.line.quantity })),
      goods.subtotal - goods.discount,
    );
    const service = input.delivery ? quote.services.find((q) => q.serviceId === input.delivery!.service_id) : defaultService(quote.services);
    if (!service) throw badRequest(SERVICE_UNAVAILABLE);
    // Two-person services book a day and window, taking its capacity here (last of the order's
    // locks): a full window refuses the order with 409 (lib/delivery/booking.ts).
    const booking = service.days.length > 0 ? chooseSlot(service.days, service.free, { date: input.delivery?.date, window: input.delivery?.window }) : null;
    if (booking) await takeSlot(tx, service.serviceId, booking.day, booking.window);
    const rule = { ...settings, ...deliveryRule(service) };
    const totals = code ? computeTotals(code.lines, rule, code.rule) : computeTotals(priced, rule);
    // Each line's share of the discount, so a refund of lines gives back what they were paid.
    const shares = code ? allocateDiscount(code.lines, totals.discount) : reserved.map(() => 0);
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        status: 'pending',
        paymentStatus: 'unpaid',
        subtotal: totals.subtotal,
        discountCodeId: code?.row.id ?? null,
        discountCode: code?.row.code ?? null,
        discountCents: totals.discount,
        shippingFee: totals.shippingFee,
        assemblyFee: totals.assemblyFee,
        deliveryServiceId: service.serviceId,
        deliveryKind: service.kind,
        deliveryServiceName: service.name,
        deliveryZoneId: quote.zone.id,
        deliveryZoneName: quote.zone.name,
        deliveryDate: booking?.day ?? service.earliestDate,
        deliveryWindow: booking?.window ?? null,
        pickup: service.pickup ? { name: service.pickup.name, address: service.pickup.address, openingHours: service.pickup.openingHours } : null,
        totalAmount: totals.totalAmount,
        gstAmount: totals.gst,
        gstRatePercent: settings.gstRatePercent,
        pricesIncludeGst: settings.pricesIncludeGst,
        currency: settings.currency,
        addressId: address.id,
        contactId: contact.id,
        address: address.snapshot,
        contact: contact.snapshot,
        customerMessage: input.customer_message,
        holdExpiresAt: await holdUntil(tx),
      })
      .returning({ id: orders.id });
    const items = await tx.insert(orderItems).values(
      reserved.map((r, i) => ({
        orderId: order.id,
        productId: r.line.productId,
        productName: r.product.name,
        sku: r.product.sku,
        size: r.product.size,
        material: r.product.material,
        color: r.product.color,
        quantity: r.line.quantity,
        unitPrice: r.product.price,
        totalPrice: lineTotal({ unitPrice: r.product.price, quantity: r.line.quantity }),
        discountCents: shares[i],
      })),
    ).returning({ id: orderItems.id, productId: orderItems.productId, quantity: orderItems.quantity });
    // The units are held where the delivery comes from: the locations shipping to the address's
    // zone, nearest first, or the pickup location's own stock (docs/stock.md "Allocation"); 409
    // when short, naming the lines a pickup location lacks.
    const source = await sourceOf(tx, { deliveryKind: service.kind, deliveryServiceId: service.serviceId, deliveryZoneId: quote.zone.id, address: { ...address.snapshot, postalCode: quote.postcode } });
    const held = await holdLines(tx, items.map((it) => ({ orderId: order.id, orderItemId: it.id, productId: it.productId, quantity: it.quantity })), source);
    // The ordered lines leave the cart (spec §4 Cart selection).
    await tx.delete(cartItems).where(and(eq(cartItems.cartId, cart.id), inArray(cartItems.id, ids)));
    await recordEvent(tx, { orderId: order.id, kind: 'placed', actor: 'customer', actorUserId: userId, toStatus: 'pending', amount: totals.totalAmount });
    await mailOrderReceived(tx, order.id);
    return { orderId: order.id, moves: [...released.moves, ...held] };
  });
  invalidateProductStock(moves);
  kickDelivery();
  return getOrder({ id: userId, isAdmin: false, permissions: [] }, orderId);
}

/**
 * POST /api/orders/submit: records how the customer will pay (spec §4 Order flow, "Proceed to
 * Payment"). Only for the user's own pending, unpaid order. (The ordered lines already left the
 * cart when the order was placed.) Errors: 404 not theirs; 409 no longer payable.
 */
export async function submitOrder(userId: number, orderId: number, paymentMethod: PaymentType): Promise<OrderJson> {
  const updated = await db
    .update(orders)
    .set({ paymentMethod, submittedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), openForCustomerSql()))
    .returning({ id: orders.id });
  if (updated.length === 0) {
    const order = await getOrder({ id: userId, isAdmin: false, permissions: [] }, orderId); // 404 when not theirs
    throw conflict(order.payment_status === 'paid' ? 'This order has already been paid.' : `This order is ${order.status} and can no longer be paid.`);
  }
  return getOrder({ id: userId, isAdmin: false, permissions: [] }, orderId);
}

/**
 * Locks the order row for the rest of the transaction; 404 when it does not exist or, with
 * `ownerId`, is not that customer's (the owner is in the WHERE, so nobody locks another's order).
 */
export async function lockOrder(tx: Tx, orderId: number, ownerId?: number): Promise<Order> {
  const owned = ownerId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, ownerId));
  const [order] = await tx.select().from(orders).where(owned).for('update');
  if (!order) throw notFound('Order not found.');
  return order;
}

/**
 * transition() for the locked order, with a refusal thrown as its AppError (404, 403 or 409).
 * @returns the effect to apply, or null when there is nothing to do.
 */
function decide(order: Order & { hasCapturedPayment?: boolean }, to: OrderTarget, actor: SessionUser): TransitionEffect | null {
  const t = transition(order, to, actor);
  if (t && 'refused' in t) throw new AppError(t.refused.code, t.refused.message);
  return t;
}

/**
 * Applies a transition's stock effect to the order's lines: `return` lets go of what it holds at
 * the locations that hold it (units already shipped come back there, `cancelled`); `reserve` holds
 * its lines again by its delivery (lib/orders/stock.ts holdLines), after releasing overdue holds of
 * other orders. @returns the stock moves.
 * @throws 409 short or unavailable stock when reserving.
 */
async function applyStockEffect(tx: Tx, order: Order, stock: TransitionEffect['stock']): Promise<StockMove[]> {
  if (stock === 'none') return [];
  const items = await tx.select({ id: orderItems.id, productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.productId));
  if (stock === 'return') return letGo(tx, order.id, items);
  const moves = (await expireOrders(tx, { productIds: items.map((i) => i.productId), exceptOrderId: order.id })).moves;
  moves.push(...(await holdLines(tx, items.map((i) => ({ orderId: order.id, orderItemId: i.id, productId: i.productId, quantity: i.quantity })), await sourceOf(tx, order), { more: true })));
  return moves;
}

/** A cancelled order's unfinished payment attempts (pending, requires_action) will not be completed: they fail. */
async function stopPaymentAttempts(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'failed', failureMessage: 'The order was cancelled.', updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['pending', 'requires_action'])));
}

/**
 * Moves the locked order to `status` as `actor`, by the rules of lib/orders/rules.ts: cancelling
 * returns the stock of its current lines and stops unfinished payment attempts; re-opening a
 * cancelled order reserves the stock again. The caller hands the returned moves to
 * invalidateProductStock after its commit.
 * @returns the stock moves ([] when the order already had that status, or the move keeps its stock).
 * @throws 404 someone else's order (customers); 403 a move only administrators may make; 409 the
 *   reason the move is refused, or short stock on re-opening.
 */
export async function moveOrder(tx: Tx, order: Order, status: OrderStatus, actor: SessionUser): Promise<StockMove[]> {
  const effect = decide(order, status, actor);
  if (!effect) return [];
  // Re-opening a cancelled order takes its discount code's use again, within the code's limits.
  if (effect.stock === 'reserve') await reclaimUse(tx, order);
  const moved = await applyStockEffect(tx, order, effect.stock);
  // The goods leave the shop: the held units leave the shelf where they are held (docs/stock.md "Fulfilment").
  if (FULFILLED_STATUSES.includes(status)) await fulfil(tx, order.id);
  const cancelling = status === 'cancelled';
  // A booked delivery window is given back on cancelling and taken again on re-opening (409 when
  // its day has passed or it is full: the order stays cancelled, docs/orders.md).
  if (cancelling) await releaseSlot(tx, order);
  else if (effect.stock === 'reserve') await retakeSlot(tx, order);
  await tx
    .update(orders)
    // A person moved it: no hold any more (cancelled, or re-opened/advanced by an administrator).
    .set({ status, cancelledAt: cancelling ? sql`now()` : null, holdExpiresAt: null, updatedAt: sql`now()`, ...(isHandedOver(status) ? { deliveredAt: sql`now()` } : {}) })
    .where(eq(orders.id, order.id));
  if (effect.stopPayments) await stopPaymentAttempts(tx, order.id);
  await recordEvent(tx, { orderId: order.id, kind: 'status', ...actorOf(actor), fromStatus: order.status, toStatus: status });
  return moved;
}

/**
 * Re-opening a cancelled order takes its booked delivery window again (two-person services).
 * @throws 409 when the booked day has passed, or the window has no room left; the caller's
 *   transaction then rolls back and the order stays cancelled.
 */
async function retakeSlot(tx: Tx, order: Order): Promise<void> {
  if (order.deliveryServiceId === null || order.deliveryDate === null || order.deliveryWindow === null) return;
  const day = `${formatDay(order.deliveryDate)}, ${order.deliveryWindow}`;
  const today = todayIn((await getShopSettings(tx)).timeZone);
  if (order.deliveryDate < today) throw conflict(`This order's delivery day (${day}) has passed, so it cannot be re-opened. Place a new order for the customer instead.`);
  await takeSlot(tx, order.deliveryServiceId, order.deliveryDate, order.deliveryWindow, `This order's delivery window (${day}) is now fully booked, so it cannot be re-opened. Place a new order for another day instead.`);
}

/** Whether a payment of the order succeeded or was refunded (such an order is kept for the finance records). */
async function hasCapturedPayment(tx: Tx, orderId: number): Promise<boolean> {
  const [kept] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['succeeded', 'refunded'])))
    .limit(1);
  return Boolean(kept);
}

/**
 * DELETE /api/orders/{id}. A customer cancels their own pending, unpaid order and its stock
 * returns (cancelling does not erase; the "cancelled" e-mail is written in the same transaction)
 * → `{ message, order }`. An administrator erases an unpaid
 * order: its stock returns unless it was already cancelled (which returned it then), its
 * unfinished or failed payment attempts go with it → `{ message }`.
 * @throws 401 no actor; 404 unknown, or not the customer's; 409 with the reason (customer: paid,
 *   already cancelled, past pending; administrator: paid — "refund it first" — or refunded).
 */
export async function removeOrder(actor: SessionUser, orderId: number): Promise<OrderDeletedJson> {
  authorize(actor, 'user');
  // Staff erase an order only with orders.fulfil.
  if (actor.isAdmin) authorize(actor, 'orders.fulfil');
  if (!actor.isAdmin) {
    const moves = await db.transaction(async (tx) => {
      const moved = await moveOrder(tx, await lockOrder(tx, orderId, actor.id), 'cancelled', actor);
      await mailOrderCancelled(tx, orderId, 'customer');
      return moved;
    });
    invalidateProductStock(moves);
    kickDelivery();
    return { message: 'Order cancelled successfully.', order: await getOrder(actor, orderId) };
  }
  const moves = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    await recordAudit(tx, actor, { action: 'order.delete', target: orderTarget(orderId), before: await orderSnapshot(tx, orderId) });
    const effect = decide({ ...order, hasCapturedPayment: order.paymentStatus === 'unpaid' && (await hasCapturedPayment(tx, orderId)) }, 'deleted', actor)!;
    const returned = await applyStockEffect(tx, order, effect.stock);
    // Its booked delivery window goes back (a cancelled order gave it back already).
    if (order.status !== 'cancelled') await releaseSlot(tx, order);
    const lines = await tx.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, orderId));
    await tx.delete(payments).where(eq(payments.orderId, orderId));
    await tx.delete(orders).where(eq(orders.id, orderId));
    // Reviews of its lines went with them: their stars leave the products' ratings.
    await refreshProductRatings(tx, lines.map((l) => l.productId));
    return returned;
  });
  invalidateProductStock(moves);
  return { message: 'Order deleted.' };
}

/**
 * Marks an order paid — exactly once, however often a request or webhook is retried: the UPDATE
 * only matches while payment_status is 'unpaid'. A pending order moves on to processing
 * (docs/architecture.md "Order status"). The call that makes the change also writes, in the
 * caller's transaction, the customer's "payment received" and the administrators' "new paid
 * order" e-mails and issues the order's tax invoice (every gateway pays through here); the
 * caller kicks delivery after its commit.
 * Given the database rather than a transaction, it opens its own, so the change and its e-mails
 * are still written together. Returns true when this call made the change.
 */
export async function markOrderPaid(executor: Executor, orderId: number, paymentMethod?: PaymentType): Promise<boolean> {
  if (executor === db) return db.transaction((tx) => markOrderPaid(tx, orderId, paymentMethod));
  const tx = executor as Tx;
  // The status before (the row locked for the change below): the history records pending → processing.
  const [before] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  const rows = await tx
    .update(orders)
    .set({
      paymentStatus: 'paid',
      paidAt: sql`now()`,
      holdExpiresAt: null,
      updatedAt: sql`now()`,
      status: sql`CASE WHEN ${orders.status} = 'pending' THEN 'processing' ELSE ${orders.status} END`,
      ...(paymentMethod ? { paymentMethod } : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'unpaid')))
    .returning({ id: orders.id, status: orders.status, total: orders.totalAmount });
  if (rows.length !== 1) return false;
  await recordEvent(tx, { orderId, kind: 'paid', actor: 'system', amount: rows[0].total });
  if (before && before.status !== rows[0].status) await recordEvent(tx, { orderId, kind: 'status', actor: 'system', fromStatus: before.status, toStatus: rows[0].status });
  // The tax invoice, numbered in this transaction: a payment that rolls back gives its number back.
  await issueInvoice(tx, orderId);
  await mailPaymentReceived(tx, orderId);
  await mailNewPaidOrder(tx, orderId);
  return true;
}
