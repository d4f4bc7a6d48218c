/**
 * Tax invoices and credit notes (docs/gst-and-invoices.md).
 *
 * - A paid order has one tax invoice, issued by issueInvoice() inside the transaction that marks
 *   it paid (lib/orders/service.ts markOrderPaid, which every gateway goes through).
 * - A refund has one credit note, issued by issueCreditNote() inside the refund's transaction; its
 *   GST is creditNoteGst() of lib/pricing/gst.ts, so the invoice less its credit notes always comes
 *   to what the shop kept, in money and in GST.
 * - Numbers are sequential per kind, from 1, with no gaps and never reused: nextNumber() updates the
 *   kind's row of document_counters, which locks it until the transaction ends, so a payment that
 *   rolls back gives its number back and two payments can never take the same one. (A Postgres
 *   SEQUENCE would skip the numbers of rolled-back transactions.)
 * - A document is a snapshot: seller (store name, GST number, support address), buyer and lines as
 *   they were when it was issued; later edits of the settings or the catalogue never change it.
 *
 * Reads take the actor first: the order's owner or an administrator, with the owner in the WHERE.
 */
import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { db, type Executor, type Tx } from '@/db/client';
import { documentCounters, orderItems, orders, taxDocuments, users, type TaxDocument, type TaxDocumentBuyer, type TaxDocumentKind, type TaxDocumentLine } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { creditNoteGst } from '@/lib/pricing/gst';
import { badRequest, conflict, notFound } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';
import { documentNumber, documentTitle, type TaxDocumentView } from './tax-document-view';

/**
 * Takes the next number of `kind` in the caller's transaction (1 for the first). The row stays
 * locked until that transaction ends: concurrent issuers wait, a rollback returns the number.
 */
export async function nextNumber(tx: Tx, kind: TaxDocumentKind): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, lastNumber: 1 })
    .onConflictDoUpdate({ target: documentCounters.kind, set: { lastNumber: sql`${documentCounters.lastNumber} + 1` } })
    .returning({ n: documentCounters.lastNumber });
  return row.n;
}

/** The buyer as the order recorded them: account name (else the contact's, else the username), e-mail and delivery address. */
async function buyerOf(tx: Executor, orderId: number): Promise<{ buyer: TaxDocumentBuyer; order: typeof orders.$inferSelect }> {
  const [row] = await tx
    .select({ order: orders, userName: users.userName, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound('Order not found.');
  const { order } = row;
  const accountName = [row.firstName, row.lastName].filter(Boolean).join(' ');
  const contactName = [order.contact?.firstName, order.contact?.lastName].filter(Boolean).join(' ');
  const a = order.address;
  const address = a
    ? [a.streetAddress, [a.city, a.postalCode].filter(Boolean).join(' '), a.stateProvince ?? '', a.country].filter((s) => s && s.trim() !== '')
    : [];
  return { order, buyer: { name: accountName || contactName || row.userName, email: order.contact?.email ?? row.email, address } };
}

/**
 * Issues the tax invoice of a paid order, in the transaction that records the payment: lines as
 * ordered, a negative "Discount (CODE)" line when a discount code was applied, delivery, the order's total and stored GST, the seller as the settings say now.
 * Does nothing when the order already has one.
 * @returns the invoice row.
 * @throws 404 unknown order.
 */
export async function issueInvoice(tx: Tx, orderId: number): Promise<TaxDocument> {
  const [existing] = await tx.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  if (existing) return existing;
  const { order, buyer } = await buyerOf(tx, orderId);
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const lines: TaxDocumentLine[] = items.map((i) => ({ description: i.productName, sku: i.sku, quantity: i.quantity, unitPrice: i.unitPrice, total: i.totalPrice }));
  // A discount code's discount is a line of its own, negative, so the lines add up to what was charged.
  if (order.discountCents > 0) lines.push({ description: `Discount (${order.discountCode ?? 'code'})`, sku: null, quantity: 1, unitPrice: -order.discountCents, total: -order.discountCents });
  // Delivery (named by its service) and assembly are lines of their own; the GST is the order's, on all of it.
  const delivery = order.deliveryServiceName ? `Delivery – ${order.deliveryServiceName}` : 'Delivery';
  if (order.shippingFee > 0) lines.push({ description: delivery, sku: null, quantity: 1, unitPrice: order.shippingFee, total: order.shippingFee });
  if (order.assemblyFee > 0) lines.push({ description: 'Assembly', sku: null, quantity: 1, unitPrice: order.assemblyFee, total: order.assemblyFee });
  const s = await getShopSettings(tx);
  const [doc] = await tx
    .insert(taxDocuments)
    .values({
      kind: 'invoice',
      number: await nextNumber(tx, 'invoice'),
      orderId,
      currency: order.currency,
      total: order.totalAmount,
      gst: order.gstAmount,
      gstRatePercent: order.gstRatePercent,
      pricesIncludeGst: order.pricesIncludeGst,
      lines,
      seller: { storeName: s.storeName, gstNumber: s.gstNumber, supportEmail: s.supportEmail },
      buyer,
    })
    .returning();
  return doc;
}

export type CreditNoteInput = {
  orderId: number;
  /** The refund this credit note documents (one credit note per refund). */
  refundId: number;
  /** Cents given back, GST included. */
  amount: number;
  /** What was refunded (cents); left out: one line "Refund for order #N". */
  lines?: TaxDocumentLine[];
};

/**
 * Issues the credit note of a refund, in the refund's transaction: the amount refunded and the GST
 * it gives back (creditNoteGst: the invoice's GST less the GST of what is kept after the refund,
 * less what earlier credit notes gave back). Locks the order's invoice row so concurrent refunds
 * of one order are numbered and counted one after the other.
 * @returns the credit note row (the existing one when this refund already has one).
 * @throws 400 a non-positive amount; 409 the order has no tax invoice (it was never paid) or the
 *   credit notes would exceed the invoice.
 */
export async function issueCreditNote(tx: Tx, input: CreditNoteInput): Promise<TaxDocument> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw badRequest('A credit note needs an amount above zero.');
  const [existing] = await tx.select().from(taxDocuments).where(eq(taxDocuments.refundId, input.refundId));
  if (existing) return existing;
  const [invoice] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, input.orderId), eq(taxDocuments.kind, 'invoice')))
    .for('update');
  if (!invoice) throw conflict(`Order #${input.orderId} has no tax invoice to credit.`);
  const [{ credited }] = await tx
    .select({ credited: sql<number>`coalesce(sum(${taxDocuments.total}), 0)::int` })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, input.orderId), eq(taxDocuments.kind, 'credit_note')));
  if (credited + input.amount > invoice.total) throw conflict(`Credit notes of order #${input.orderId} cannot exceed its invoice.`);
  const gst = creditNoteGst(invoice.gst, invoice.total, credited, input.amount, invoice.gstRatePercent);
  const { buyer } = await buyerOf(tx, input.orderId);
  const s = await getShopSettings(tx);
  const [doc] = await tx
    .insert(taxDocuments)
    .values({
      kind: 'credit_note',
      number: await nextNumber(tx, 'credit_note'),
      orderId: input.orderId,
      refundId: input.refundId,
      currency: invoice.currency,
      total: input.amount,
      gst,
      gstRatePercent: invoice.gstRatePercent,
      pricesIncludeGst: invoice.pricesIncludeGst,
      lines: input.lines ?? [{ description: `Refund for order #${input.orderId}`, sku: null, quantity: 1, unitPrice: input.amount, total: input.amount }],
      seller: { storeName: s.storeName, gstNumber: s.gstNumber, supportEmail: s.supportEmail },
      buyer,
    })
    .returning();
  return doc;
}

function toView(doc: TaxDocument, invoice: TaxDocument | undefined): TaxDocumentView {
  return {
    kind: doc.kind,
    title: documentTitle(doc.kind),
    number: documentNumber(doc.kind, doc.number),
    orderId: doc.orderId,
    issuedAt: doc.issuedAt.toISOString(),
    currency: doc.currency,
    seller: doc.seller,
    buyer: doc.buyer,
    lines: doc.lines,
    total: doc.total,
    gst: doc.gst,
    gstRatePercent: doc.gstRatePercent,
    pricesIncludeGst: doc.pricesIncludeGst,
    invoiceNumber: doc.kind === 'credit_note' && invoice ? documentNumber('invoice', invoice.number) : null,
  };
}

/**
 * The tax documents of an order, invoice first, then credit notes by number: for its owner or an
 * administrator (a customer's query has the owner in the WHERE, so someone else's order is not
 * found).
 * @returns `{ invoice, creditNotes }`; invoice null while the order is unpaid.
 * @throws 401 no actor; 404 unknown order or not the customer's.
 */
export async function getOrderTaxDocuments(actor: SessionUser | null, orderId: number): Promise<{ invoice: TaxDocumentView | null; creditNotes: TaxDocumentView[] }> {
  authorize(actor, 'user');
  // Staff see any order only with orders.read (docs/accounts-and-security.md "Staff roles and permissions").
  if (actor.isAdmin) authorize(actor, 'orders.read');
  const owned = actor.isAdmin ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, actor.id));
  const [order] = await db.select({ id: orders.id }).from(orders).where(owned);
  if (!order) throw notFound('Order not found.');
  const docs = await db
    .select({ doc: taxDocuments })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(taxDocuments.orderId, orderId), actor.isAdmin ? undefined : eq(orders.userId, actor.id)))
    .orderBy(asc(taxDocuments.kind), asc(taxDocuments.number));
  const invoice = docs.find((d) => d.doc.kind === 'invoice')?.doc;
  return {
    invoice: invoice ? toView(invoice, undefined) : null,
    creditNotes: docs.filter((d) => d.doc.kind === 'credit_note').map((d) => toView(d.doc, invoice)),
  };
}

/**
 * The order's tax invoice for its owner or an administrator.
 * @throws 401 no actor; 404 unknown order, not the customer's, or not paid (no invoice yet).
 */
export async function getTaxInvoice(actor: SessionUser | null, orderId: number): Promise<TaxDocumentView> {
  const { invoice } = await getOrderTaxDocuments(actor, orderId);
  if (!invoice) throw notFound('This order has no tax invoice yet: one is issued when it is paid.');
  return invoice;
}

/**
 * One credit note of an order (issued by a refund as a payment issues the invoice), for the
 * order's owner or an administrator, with the number of the invoice it adjusts.
 * @param orderId the order's id
 * @param number the credit note's sequential number (7 for CN-000007)
 * @returns the credit note as the page and the PDF render it (money in cents).
 * @throws 401 no actor; 404 unknown order, not the customer's, or no such credit note of this order.
 */
export async function getCreditNote(actor: SessionUser | null, orderId: number, number: number): Promise<TaxDocumentView> {
  const { creditNotes } = await getOrderTaxDocuments(actor, orderId);
  const wanted = documentNumber('credit_note', number);
  const note = creditNotes.find((c) => c.number === wanted);
  if (!note) throw notFound('Credit note not found.');
  return note;
}
