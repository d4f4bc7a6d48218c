/**
 * A customer's own data, as a download (Privacy Act 2020, IPP 6: access to one's personal
 * information; docs/accounts-and-security.md "A customer's own data").
 *
 * One zip file of what the shop holds about one account: `account.json` (the account, saved
 * addresses, contacts and payment methods, and a list of the other files) and CSV files written by
 * csv-stringify with spreadsheet formulas escaped: `addresses.csv`, `contacts.csv`,
 * `payment_methods.csv`, `orders.csv`, `order_items.csv`, `reviews.csv`. Never in it: the password
 * hash, the token version, reset links, the card provider's ids (a saved card is its brand, last
 * four digits and expiry only). The shop records no consents (there is no marketing opt-in), so
 * `consents` in account.json is an empty list.
 *
 * Reads go straight to the tables (orders, reviews and payment methods are domains above accounts,
 * docs/architecture.md "Domains"), each by the owner's id through its index.
 */
import 'server-only';
import { asc, eq, and, isNull, inArray } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { zipSync, strToU8 } from 'fflate';
import { db } from '@/db/client';
import { addresses, contacts, orderItems, orders, paymentMethods, products, reviews, users, type AddressSnapshot } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/audit/record';
import { auditedActor, authorizeOwnData, ownAccountLabel } from './privacy-access';

/** The files of the zip, in order, with what each holds (also listed in account.json). */
export const EXPORT_FILES = {
  'account.json': 'Your account, saved addresses, contacts and payment methods, and what each file holds.',
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
const addressLine = (a: AddressSnapshot | null) =>
  a ? [a.streetAddress, a.city, a.stateProvince, a.postalCode, a.country].filter(Boolean).join(', ') : '';

/** The zip's name: `totara-home-data-<user id>-<YYYY-MM-DD>.zip` (UTC date of the export). */
export const exportFilename = (userId: number, now = new Date()) => `totara-home-data-${userId}-${now.toISOString().slice(0, 10)}.zip`;

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

  const [addressRows, contactRows, methodRows, orderRows, reviewRows] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)),
    db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.id)),
    db.select().from(paymentMethods).where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt))).orderBy(asc(paymentMethods.id)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({ review: reviews, productName: products.name, orderId: orderItems.orderId })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId))
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.id)),
  ]);
  const itemRows = orderRows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.orderId), asc(orderItems.id))
    : [];

  const address = (a: (typeof addressRows)[number]) => ({
    address_id: a.id,
    first_name: a.firstName,
    last_name: a.lastName,
    phone_number: a.phoneNumber,
    street_address: a.streetAddress,
    city: a.city,
    state_province: a.stateProvince,
    postal_code: a.postalCode,
    country: a.country,
    is_default: a.isDefault,
    created_at: iso(a.createdAt),
  });
  const contact = (c: (typeof contactRows)[number]) => ({
    contact_id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    phone_number: c.phoneNumber,
    email: c.email,
    is_default: c.isDefault,
    created_at: iso(c.createdAt),
  });
  const method = (m: (typeof methodRows)[number]) => ({
    payment_method_id: m.id,
    payment_type: m.paymentType,
    card_brand: m.cardBrand,
    card_last4: m.cardLast4,
    card_exp_month: m.cardExpMonth,
    card_exp_year: m.cardExpYear,
    paypal_email: m.paypalEmail,
    is_default: m.isDefault,
    created_at: iso(m.createdAt),
  });

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
    payment_methods: methodRows.map(method),
    consents: [] as never[],
    counts: { orders: orderRows.length, order_items: itemRows.length, reviews: reviewRows.length },
    files: EXPORT_FILES,
  };

  const files: Record<string, string> = {
    'account.json': `${JSON.stringify(account, null, 2)}\n`,
    'addresses.csv': csv(Object.keys(address({} as never)), addressRows.map((a) => Object.values(address(a)))),
    'contacts.csv': csv(Object.keys(contact({} as never)), contactRows.map((c) => Object.values(contact(c)))),
    'payment_methods.csv': csv(Object.keys(method({} as never)), methodRows.map((m) => Object.values(method(m)))),
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
