/**
 * A customer's own data, as a download (Privacy Act 2020, IPP 6: access to one's personal
 * information; docs/accounts-and-security.md "A customer's own data").
 *
 * One zip file of what the shop holds about one account: `account.json` (the account, saved
 * addresses, contacts and payment methods, and a list of the other files) and CSV files written by
 * csv-stringify with spreadsheet formulas escaped: `addresses.csv`, `contacts.csv`,
 * `payment_methods.csv`, `orders.csv`, `order_items.csv`, `reviews.csv`. Never in it: the password
 * hash, the token version, reset links, the card provider's ids (a saved card is its brand, last
 * four digits and expiry only). `consents` in account.json lists every grant and withdrawal of the
 * marketing-e-mail consent with its time, where it happened and the exact wording shown
 * (lib/accounts/marketing-consent.ts); `saved_items` the products the customer saved.
 *
 * Reads go straight to the tables (orders, reviews and payment methods are domains above accounts,
 * docs/architecture.md "Domains"), each by the owner's id through its index (exportReads, which
 * tests/catalog/query-plans.test.ts checks). Saved addresses, contacts and payment methods are
 * written in the API's own shapes (lib/accounts/mappers.ts).
 */
import 'server-only';
import { asc, eq, and, isNull, inArray } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { zipSync, strToU8 } from 'fflate';
import { db } from '@/db/client';
import { addresses, contacts, orderItems, orders, paymentMethods, products, reviews, savedItems, users, type Address, type AddressSnapshot, type Contact } from '@/db/schema';
import { listMarketingConsents } from './marketing-consent';
import type { SessionUser } from '@/lib/auth/guards';
import { notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/audit/record';
import { addressJson, contactJson, paymentMethodJson } from './contracts';
import { toAddressJson, toContactJson, toPaymentMethodJson } from './mappers';
import { auditedActor, authorizeOwnData, ownAccountLabel } from './privacy-access';

/** The files of the zip, in order, with what each holds (also listed in account.json). */
export const EXPORT_FILES = {
  'account.json': 'Your account, saved addresses, contacts and payment methods, your consents to marketing e-mail (when, where and the words you agreed to), your saved items, and what each file holds.',
  'addresses.csv': 'Your saved delivery addresses.',
  'contacts.csv': 'Your saved contacts.',
  'payment_methods.csv': 'Your saved payment methods: card brand, last four digits and expiry, or a PayPal e-mail. The shop never holds card numbers.',
  'orders.csv': 'Your orders, with the delivery address and contact as each order was placed. Amounts in dollars.',
  'order_items.csv': 'The lines of your orders. Amounts in dollars.',
  'reviews.csv': 'The reviews you wrote, with their moderation status and the shop’s reply.',
} as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);
const iso = (d: Date | null) => (d ? d.toISOString() : '');
const csv = (columns: readonly string[], rows: (string | number | boolean | null)[][]) =>
  stringify(
    rows.map((r) => r.map((v) => v ?? '')),
    { header: true, columns: [...columns], escape_formulas: true, cast: { boolean: (v) => (v ? 'true' : 'false') } },
  );
/** A CSV of objects, one column per name of `columns`, in that order. */
const csvOf = <T extends object>(columns: readonly string[], rows: T[]) => csv(columns, rows.map((r) => columns.map((c) => (r as Record<string, string | number | boolean | null>)[c])));
const ADDRESS_COLUMNS = [...Object.keys(addressJson.shape), 'created_at'];
const CONTACT_COLUMNS = [...Object.keys(contactJson.shape), 'created_at'];
const PAYMENT_METHOD_COLUMNS = Object.keys(paymentMethodJson.shape);

const addressLine = (a: AddressSnapshot | null) =>
  a ? [a.streetAddress, a.city, a.stateProvince, a.postalCode, a.country].filter(Boolean).join(', ') : '';

/** The zip's name: `totara-home-data-<user id>-<YYYY-MM-DD>.zip` (UTC date of the export). */
export const exportFilename = (userId: number, now = new Date()) => `totara-home-data-${userId}-${now.toISOString().slice(0, 10)}.zip`;

/**
 * The export's reads of one account's rows, each scoped by the owner's id (WHERE user_id = …, or the
 * order lines of the owner's orders) and each served by an index on it; tests/catalog/query-plans.test.ts
 * checks their plans. Query builders, not yet run: awaiting one runs it.
 */
export function exportReads(userId: number) {
  return {
    addresses: db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)),
    contacts: db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.id)),
    paymentMethods: db.select().from(paymentMethods).where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt))).orderBy(asc(paymentMethods.id)),
    orders: db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt), asc(orders.id)),
    orderItems: db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))))
      .orderBy(asc(orderItems.orderId), asc(orderItems.id)),
    reviews: db
      .select({ review: reviews, productName: products.name, orderId: orderItems.orderId })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.id)),
    savedItems: db
      .select({ productId: savedItems.productId, name: products.name, priceWhenSaved: savedItems.priceWhenSaved, createdAt: savedItems.createdAt })
      .from(savedItems)
      .innerJoin(products, eq(products.id, savedItems.productId))
      .where(eq(savedItems.userId, userId))
      .orderBy(asc(savedItems.createdAt), asc(savedItems.id)),
  };
}

/**
 * Builds the data export of one account.
 * @param actor the signed-in user: the account's owner, or staff acting on the customer's behalf
 * @param userId the account whose data is exported
 * @returns the zip's bytes and its file name
 * @throws 401 no actor; 404 "Account not found." for another customer's account (a customer never
 *   learns whether it exists), an unknown or a closed one.
 */
export async function exportAccountData(actor: SessionUser | null, userId: number, now = new Date()): Promise<{ filename: string; bytes: Uint8Array }> {
  const who = authorizeOwnData(actor, userId);
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), isNull(users.deactivatedAt))).limit(1);
  if (!user) throw notFound('Account not found.');

  const reads = exportReads(userId);
  const [addressRows, contactRows, methodRows, orderRows, itemRows, reviewRows, savedRows, consentRows] = await Promise.all([reads.addresses, reads.contacts, reads.paymentMethods, reads.orders, reads.orderItems, reads.reviews, reads.savedItems, listMarketingConsents(userId)]);

  // The API's own shapes (lib/accounts/mappers.ts), with when each was saved.
  const address = (a: Address) => ({ ...toAddressJson(a), created_at: iso(a.createdAt) });
  const contact = (c: Contact) => ({ ...toContactJson(c), created_at: iso(c.createdAt) });

  const account = {
    exported_at: now.toISOString(),
    account: {
      user_id: user.id,
      user_name: user.userName,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      phone_number: user.phoneNumber,
      is_admin: user.isAdmin,
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    addresses: addressRows.map(address),
    contacts: contactRows.map(contact),
    payment_methods: methodRows.map(toPaymentMethodJson),
    marketing_consent: user.marketingConsentAt !== null,
    consents: consentRows.map((c) => ({ kind: 'marketing_email', granted: c.granted, source: c.source, wording: c.wording || null, at: iso(c.createdAt) })),
    saved_items: savedRows.map((s) => ({ product_id: s.productId, product_name: s.name, price_when_saved: dollars(s.priceWhenSaved), saved_at: iso(s.createdAt) })),
    counts: { orders: orderRows.length, order_items: itemRows.length, reviews: reviewRows.length },
    files: EXPORT_FILES,
  };

  const files: Record<string, string> = {
    'account.json': `${JSON.stringify(account, null, 2)}\n`,
    'addresses.csv': csvOf(ADDRESS_COLUMNS, addressRows.map(address)),
    'contacts.csv': csvOf(CONTACT_COLUMNS, contactRows.map(contact)),
    'payment_methods.csv': csvOf(PAYMENT_METHOD_COLUMNS, methodRows.map(toPaymentMethodJson)),
    'orders.csv': csv(
      ['order_id', 'order_date', 'status', 'payment_status', 'payment_method', 'subtotal', 'discount_code', 'discount', 'shipping_fee', 'assembly_fee', 'gst', 'total_amount', 'currency', 'delivery_service', 'delivery_date', 'delivery_address', 'contact_name', 'contact_email', 'contact_phone', 'customer_message'],
      orderRows.map((o) => [
        o.id,
        iso(o.createdAt),
        o.status,
        o.paymentStatus,
        o.paymentMethod,
        dollars(o.subtotal),
        o.discountCode,
        dollars(o.discountCents),
        dollars(o.shippingFee),
        dollars(o.assemblyFee),
        dollars(o.gstAmount),
        dollars(o.totalAmount),
        o.currency,
        o.deliveryServiceName,
        o.deliveryDate,
        o.pickup ? `Pickup: ${o.pickup.name}, ${o.pickup.address}` : addressLine(o.address),
        o.contact ? `${o.contact.firstName} ${o.contact.lastName}` : '',
        o.contact?.email ?? '',
        o.contact?.phoneNumber ?? '',
        o.customerMessage,
      ]),
    ),
    'order_items.csv': csv(
      ['order_id', 'product_name', 'sku', 'size', 'material', 'color', 'quantity', 'unit_price', 'total_price', 'discount'],
      itemRows.map((i) => [i.orderId, i.productName, i.sku, i.size, i.material, i.color, i.quantity, dollars(i.unitPrice), dollars(i.totalPrice), dollars(i.discountCents)]),
    ),
    'reviews.csv': csv(
      ['review_id', 'order_id', 'product_name', 'rating', 'title', 'body', 'author_name', 'status', 'rejection_reason', 'reply', 'created_at'],
      reviewRows.map(({ review: r, productName, orderId }) => [r.id, orderId, productName, r.rating, r.title, r.body, r.authorName, r.status, r.rejectionReason, r.reply, iso(r.createdAt)]),
    ),
  };

  const mtime = now;
  const bytes = zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, [strToU8(text), { mtime }]])), { level: 6 });
  // Who took a copy of the account's data, once the copy is made (docs/accounts-and-security.md "Audit log").
  await recordAudit(db, auditedActor(actor!, who), { action: 'user.export', target: { type: 'user', id: userId, label: who === 'self' ? ownAccountLabel(userId) : `${user.userName} <${user.email}>` } });
  return { filename: exportFilename(userId, now), bytes };
}
