/**
 * The fuzz world: the two signed-in actors (a customer and an administrator, each with a bearer
 * token and a browser session cookie) and one fixture row of every kind a request can point at
 * (the customer's order, cart line, address, contact and saved card; a product, brand, supplier,
 * another customer's order, a user and an administrator to edit; a search synonym set; a stored image; a delivered
 * line of the customer's to review and another customer's review to moderate; a paid order of the
 * customer's with its tax invoice and a credit note).
 *
 * Successful hostile requests are allowed to change things (delete the product, change the
 * customer's password, demote the administrator): `heal()` puts the actors back after such a
 * request, and `refresh()` makes new fixtures before the next operation is fuzzed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { db } from '@/db/client';
import { deliveryServices, deliveryZones, discountCodes, pickupLocations, productBulkEdits, returnLines, returns, reviews, searchSynonyms, searchSynonymTerms, stockLocations, userSessions, users } from '@/db/schema';
import { addAddress, addContact } from '../accounts';
import { createOrderWith, createSupplier, makeImage } from '../admin-catalog';
import { createOrder } from '../admin-ops';
import { addToCart, cartOf, orderCart, saveCard } from '../buying';
import { issueCreditNote, issueInvoice } from '@/lib/finance/tax-documents';
import { documentNumber } from '@/lib/finance/tax-document-view';
import { createBrand, createCategory, createProduct, createUser, TEST_CLIENT } from '../factories';
import { startSession } from '@/lib/auth/sessions';
import { signApiToken } from '@/lib/auth/token';
import { sessionCookieFor } from '../session-cookie';
import type { Fresh, RefName, Resolver } from './json';

type User = Awaited<ReturnType<typeof createUser>>;
/** A signed-in actor: a bearer token and a session cookie, each with its session (`sessions`: token's, cookie's). */
export type Actor = { user: User; token: string; cookie: string; sessions: string[] };

async function signIn(user: User): Promise<Actor> {
  const sessions = [await startSession(user.id, 'token', TEST_CLIENT), await startSession(user.id, 'cookie', TEST_CLIENT)];
  return { user, sessions, token: await signApiToken({ userId: user.id, sessionId: sessions[0] }), cookie: await sessionCookieFor(user, sessions[1]) };
}

export class FuzzWorld {
  customer!: Actor;
  admin!: Actor;
  refs = {} as Record<RefName, number | string>;
  /** Set after a successful write: the next operation starts from fresh fixtures. */
  dirty = true;
  private counter = 0;

  private constructor(readonly uploadDir: string) {}

  /** Creates the actors; fixtures come with the first refresh(). */
  static async create(uploadDir: string): Promise<FuzzWorld> {
    const w = new FuzzWorld(uploadDir);
    w.customer = await signIn(await createUser());
    w.admin = await signIn(await createUser({ isAdmin: true }));
    return w;
  }

  /** New fixture rows (when a successful write may have used up the old ones). */
  async refresh(): Promise<void> {
    if (!this.dirty) return;
    await this.heal();
    const { room, sub } = await createCategory();
    // A subcategory nothing is listed in, for the category writes to rename, move and delete.
    const spare = (await createCategory()).sub;
    const brand = await createBrand();
    const supplier = await createSupplier();
    const product = await createProduct({ categoryId: sub.id, brandId: brand.id, supplierId: supplier.id, stock: 50 });
    const token = this.customer.token;
    const added = await addToCart(token, product.id, 1);
    if (added.status !== 200) throw new Error(`fuzz world: add to cart ${added.status} ${JSON.stringify(added.body)}`);
    const placed = await orderCart(token);
    if (placed.status !== 201) throw new Error(`fuzz world: order ${placed.status} ${JSON.stringify(placed.body)}`);
    await addToCart(token, product.id, 2);
    const [line] = await cartOf(token);
    const foreign = await createOrderWith(product);
    const address = await addAddress(this.customer.user.id);
    const contact = await addContact(this.customer.user.id);
    const card = await saveCard(token, 'pm_card_visa');
    // A delivered line of the customer's to review, and another customer's pending review to moderate.
    const delivered = await createOrder({ userId: this.customer.user.id, lines: [{ product }], status: 'delivered', paymentStatus: 'paid' });
    const reviewed = await createOrder({ lines: [{ product }], status: 'delivered', paymentStatus: 'paid' });
    const [review] = await db
      .insert(reviews)
      .values({ orderItemId: reviewed.items[0].id, productId: product.id, userId: reviewed.order.userId, authorName: 'Sam T.', rating: 4, title: 'Comfortable', body: 'Sits well after a month.' })
      .returning();
    // A return of the delivered line for the Returns queue's PUT.
    const [ret] = await db.insert(returns).values({ orderId: delivered.order.id, userId: this.customer.user.id, reason: 'Too big for the room' }).returning();
    await db.insert(returnLines).values({ returnId: ret.id, orderItemId: delivered.items[0].id, quantity: 1 });
    // A paid order of the customer's with its invoice and one credit note, for the credit note PDF.
    const credited = await createOrder({ userId: this.customer.user.id, lines: [{ product }], status: 'delivered', paymentStatus: 'paid' });
    const note = await db.transaction(async (tx) => {
      await issueInvoice(tx, credited.order.id);
      // No refund row: the credit note stands alone (tax_documents.refund_id has no foreign key); a number no refund id reaches.
      return issueCreditNote(tx, { orderId: credited.order.id, refundId: 1_000_000_000 + credited.order.id, amount: 100 });
    });
    // A discount code to preview and edit.
    const [code] = await db.insert(discountCodes).values({ code: `FUZZ${++this.counter}`, kind: 'percent', value: 1000 }).returning();
    // A spare delivery zone with a service and a pickup location of its own, for the delivery admin routes.
    const [zone] = await db.insert(deliveryZones).values({ name: 'Fuzz zone', postcodes: ['9999'], sortOrder: 99 }).returning();
    const [pickup] = await db.insert(pickupLocations).values({ name: 'Fuzz depot', address: '1 Fuzz Road, Auckland', openingHours: 'Mon–Fri 9–5' }).returning();
    const [service] = await db.insert(deliveryServices).values({ zoneId: zone.id, kind: 'courier', name: 'Fuzz courier', fee: 1000 }).returning();
    // A search synonym set of words of its own, for the synonym admin routes.
    const words = [`fuzz word ${++this.counter}`, `fuzz word ${++this.counter}`];
    const [synonymSet] = await db.insert(searchSynonyms).values({ kind: 'two_way', terms: words }).returning();
    await db.insert(searchSynonymTerms).values(words.map((term) => ({ term, synonymId: synonymSet.id })));
    // A showroom holding nothing, for the stock routes to transfer into, edit and archive; the product's stock is at the default location.
    const [showroom] = await db.insert(stockLocations).values({ name: `Fuzz showroom ${++this.counter} ${Date.now()}`, kind: 'showroom', postcode: '6011', sortOrder: 90 }).returning();
    const [home] = await db.select({ id: stockLocations.id }).from(stockLocations).where(eq(stockLocations.isDefault, true));
    // A bulk edit of the product (it took it off the featured shelf), for its undo.
    const [bulkEdit] = await db
      .insert(productBulkEdits)
      .values({ actorId: this.admin.user.id, changes: { featured: false }, selection: { ids: [product.id] }, productCount: 1, items: [{ productId: product.id, before: { featured: true }, after: { featured: false } }] })
      .returning();
    const image = `${crypto.randomBytes(16).toString('hex')}.png`;
    fs.writeFileSync(path.join(this.uploadDir, image), await makeImage('png', 8, 8));
    this.refs = {
      product: product.id,
      bulkEdit: bulkEdit.id,
      subcategory: sub.id,
      room: room.id,
      spareCategory: spare.id,
      brand: brand.id,
      supplier: supplier.id,
      order: placed.body.order.order_id,
      orderItem: placed.body.order.orderItems[0].order_item_id,
      foreignOrder: foreign.order.id,
      cartItem: line.cart_item_id,
      address: (address as { address_id: number }).address_id,
      contact: (contact as { contact_id: number }).contact_id,
      paymentMethod: card.payment_method_id,
      victimUser: (await createUser()).id,
      victimAdmin: (await createUser({ isAdmin: true })).id,
      image,
      deliveredItem: delivered.items[0].id,
      deliveredOrder: delivered.order.id,
      review: review.id,
      return: ret.id,
      creditedOrder: credited.order.id,
      creditNote: documentNumber('credit_note', note.number),
      discountCode: code.id,
      discountCodeText: code.code,
      deliveryZone: zone.id,
      deliveryService: service.id,
      pickupLocation: pickup.id,
      synonymSet: synonymSet.id,
      stockLocation: showroom.id,
      defaultStockLocation: home.id,
      // A third device of the customer's, for signing one out.
      session: await startSession(this.customer.user.id, 'cookie', TEST_CLIENT),
    };
    this.dirty = false;
  }

  /**
   * Puts the actors back as they were: active, with their role, signed in with their current
   * token version (a fuzzed password change or demotion may have succeeded). A deleted actor is
   * created again.
   */
  async heal(): Promise<void> {
    const rows = await db.select().from(users).where(inArray(users.id, [this.customer.user.id, this.admin.user.id]));
    for (const [key, isAdmin] of [['customer', false], ['admin', true]] as const) {
      const row = rows.find((r) => r.id === this[key].user.id);
      if (!row) {
        this[key] = await signIn(await createUser({ isAdmin }));
        continue;
      }
      if (row.isAdmin !== isAdmin || row.deactivatedAt) {
        await db.update(users).set({ isAdmin, deactivatedAt: null }).where(eq(users.id, row.id));
      }
      const live = await db.$count(userSessions, inArray(userSessions.id, this[key].sessions));
      if (live < this[key].sessions.length || row.isAdmin !== isAdmin) {
        this[key] = await signIn({ ...row, isAdmin });
      }
    }
  }

  /** Resolves ref() to fixture ids and fresh() to values no earlier request used. */
  readonly resolver: Resolver = {
    ref: (name) => this.refs[name],
    fresh: (kind: Fresh['fresh']) => {
      const n = ++this.counter;
      switch (kind) {
        case 'email':
          return `fuzz_${n}@example.test`;
        case 'user_name':
          return `fuzz_${n}`;
        case 'sku':
          return `FZ-${n}`;
        case 'name':
          return `Fuzz ${n}`;
      }
    },
  };
}
