/**
 * Back-in-stock alerts (docs/mail.md "Back-in-stock alerts"): "Email me when it's back" on an
 * out-of-stock product. A signed-in customer's alert is active at once, at their account's
 * address; a visitor's waits until the address is confirmed by the link of an e-mail (double
 * opt-in), so no one can sign someone else up. The alert itself is written by the database: the
 * trigger `products_back_in_stock` (migration 0036) catches every rise of a product's stock from 0
 * — an administrator's edit, a cancelled, expired or edited order, a restocked return, an import —
 * and in that transaction writes one outbox message per confirmed open alert and ends it.
 *
 * Each alert carries a random token; its confirmation link and the alert e-mail's unsubscribe
 * links name it. An unsubscribe ends every open alert of that address (it is the address saying
 * "no more of these"). An unknown or altered token changes nothing (400).
 */
import 'server-only';
import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { products, stockAlerts, users } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { badRequest, conflict, notFound, rateLimited } from '@/lib/server/errors';
import { hit } from '@/lib/server/rate-limit';
import { kickDelivery } from './deliver';
import { mailStockAlertConfirm } from './events';
import type { StockAlertJson, StockAlertLinkJson } from './stock-alert-contracts';

export const PRODUCT_IN_STOCK = 'This product is in stock';
export const LINK_NOT_VALID = 'This link is not valid';
export const TOO_MANY_ALERT_REQUESTS = 'Too many alert requests. Please wait a few minutes and try again.';

/** Visitors' requests: per client address, and per e-mail address (no one's inbox is flooded with confirmations). */
export const ALERT_LIMIT_PER_CLIENT = 10;
export const ALERT_LIMIT_PER_EMAIL = 5;
export const ALERT_WINDOW_MS = 60 * 60_000;

/** 32 random bytes, base64url: 43 characters that travel in a URL as they are. */
const newToken = () => crypto.randomBytes(32).toString('base64url');

/**
 * A product that shoppers can see (not archived), with its stock; 404 otherwise. Read FOR SHARE: a
 * restock waits for the new alert to commit, and its trigger then sees it (none slips between).
 */
async function liveProduct(executor: Executor, productId: number) {
  const [product] = await executor
    .select({ id: products.id, name: products.name, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.archivedAt)))
    .for('share');
  if (!product) throw notFound('Product not found.');
  return product;
}

/**
 * POST /api/products/{id}/stock-alerts — "Email me when it's back".
 * @param actor the signed-in user, or null for a visitor
 * @param productId the out-of-stock product
 * @param email a visitor's address (lower-cased by stockAlertRequestSchema); ignored for a signed-in user
 * @param clientAddress the client's address, for the visitors' rate limit
 * @returns the alert's address and status: `subscribed` (signed in: active now) or
 *   `confirmation_sent` (a visitor: the confirmation e-mail is in the outbox, unless the address
 *   had asked already). Asking twice keeps one alert.
 * @throws 404 no such product (or archived); 409 PRODUCT_IN_STOCK when it has stock; 400 a
 *   visitor without an address; 429 past the visitors' limits. Nothing is written when it throws.
 */
export async function subscribeToStockAlert(actor: SessionUser | null, productId: number, email: string | undefined, clientAddress: string): Promise<StockAlertJson> {
  if (actor) authorize(actor, 'user');
  else {
    if (!email) throw badRequest('Please enter your email address.');
    const [byClient, byEmail] = await Promise.all([
      hit(`stock-alert:client:${clientAddress}`, ALERT_LIMIT_PER_CLIENT, ALERT_WINDOW_MS),
      hit(`stock-alert:email:${email}`, ALERT_LIMIT_PER_EMAIL, ALERT_WINDOW_MS),
    ]);
    if (byClient.limited || byEmail.limited) throw rateLimited(TOO_MANY_ALERT_REQUESTS);
  }
  const result = await db.transaction(async (tx) => {
    const product = await liveProduct(tx, productId);
    if (product.stock > 0) throw conflict(PRODUCT_IN_STOCK);
    const address = actor ? (await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.id)))[0]?.email.toLowerCase() : email!;
    if (!address) throw notFound('Account not found.');
    // One open alert per product and address (stock_alerts_open_idx): asking again keeps it, and a
    // signed-in customer's request confirms a visitor's unconfirmed one for their own address.
    const [alert] = await tx
      .insert(stockAlerts)
      .values({ productId, userId: actor?.id ?? null, email: address, token: newToken(), confirmedAt: actor ? sql`now()` : null })
      .onConflictDoUpdate({
        target: [stockAlerts.productId, stockAlerts.email],
        targetWhere: sql`${stockAlerts.endedAt} IS NULL`,
        set: { confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, excluded.confirmed_at)`, userId: sql`coalesce(${stockAlerts.userId}, excluded.user_id)` },
      })
      .returning({ id: stockAlerts.id, token: stockAlerts.token, confirmedAt: stockAlerts.confirmedAt });
    const wrote = alert.confirmedAt ? false : await mailStockAlertConfirm(tx, { id: alert.id, email: address, token: alert.token, product: { id: product.id, name: product.name } });
    return { address, wrote };
  });
  if (result.wrote) kickDelivery();
  return actor
    ? { product_id: productId, email: result.address, status: 'subscribed', message: `We will e-mail ${result.address} once when it is back in stock.` }
    : { product_id: productId, email: result.address, status: 'confirmation_sent', message: `Check your inbox: open the link we sent to ${result.address} to confirm your alert.` };
}

/** The alert a link's token names, with its product; null for none. */
async function findAlert(executor: Executor, token: string) {
  const [row] = await executor
    .select({ id: stockAlerts.id, email: stockAlerts.email, confirmedAt: stockAlerts.confirmedAt, endedAt: stockAlerts.endedAt, endReason: stockAlerts.endReason, product: { id: products.id, name: products.name, stock: products.stock } })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(eq(stockAlerts.token, token));
  return row ?? null;
}

/** findAlert, refusing a token that names no alert: 400 LINK_NOT_VALID. */
async function alertOfToken(executor: Executor, token: string) {
  const row = await findAlert(executor, token);
  if (!row) throw badRequest(LINK_NOT_VALID);
  return row;
}

const productOf = (row: { product: { id: number; name: string; stock: number } }) => ({ id: row.product.id, name: row.product.name, in_stock: row.product.stock > 0 });

/**
 * What a link of an alert leads to, for its page (GET, changes nothing).
 * @returns the alert's address, product and state, or null for a token that names no alert.
 */
export async function readStockAlertLink(token: string): Promise<{ email: string; product: StockAlertLinkJson['product']; confirmed: boolean; ended: 'sent' | 'unsubscribed' | null } | null> {
  // Our tokens are base64url: anything else names no alert (and never reaches the database).
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) return null;
  const row = await findAlert(db, token);
  return row && { email: row.email, product: productOf(row), confirmed: row.confirmedAt !== null, ended: row.endedAt ? (row.endReason ?? 'sent') : null };
}

/**
 * POST /api/stock-alerts/confirm — the double opt-in: the visitor's alert becomes active.
 * @returns `confirmed` (now or already), or `ended` when the alert was already sent or unsubscribed
 *   (nothing to confirm).
 * @throws 400 LINK_NOT_VALID for an unknown or altered token (nothing changes).
 */
export async function confirmStockAlert(token: string): Promise<StockAlertLinkJson> {
  return db.transaction(async (tx) => {
    const row = await alertOfToken(tx, token);
    const product = productOf(row);
    if (row.endedAt) return { email: row.email, product, status: 'ended', ended: 0, message: `This alert has already ended: there is nothing to confirm.` };
    await tx.update(stockAlerts).set({ confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, now())` }).where(eq(stockAlerts.id, row.id));
    const message = product.in_stock
      ? `Your alert is confirmed. ${product.name} is in stock right now; we will write if it sells out and comes back.`
      : `Your alert is confirmed. We will e-mail ${row.email} once when ${product.name} is back in stock.`;
    return { email: row.email, product, status: 'confirmed', ended: 0, message };
  });
}

/**
 * POST /api/stock-alerts/unsubscribe?token=… — the alert e-mail's one-click unsubscribe (RFC 8058)
 * and its page's button: ends every open back-in-stock alert of the token's address, at once.
 * Unsubscribing again is harmless (0 ended).
 * @throws 400 LINK_NOT_VALID for an unknown or altered token (nothing changes).
 */
export async function unsubscribeFromStockAlerts(token: string): Promise<StockAlertLinkJson> {
  return db.transaction(async (tx) => {
    const row = await alertOfToken(tx, token);
    const ended = await tx
      .update(stockAlerts)
      .set({ endedAt: sql`now()`, endReason: 'unsubscribed' })
      .where(and(eq(stockAlerts.email, row.email), isNull(stockAlerts.endedAt)))
      .returning({ id: stockAlerts.id });
    return { email: row.email, product: productOf(row), status: 'unsubscribed', ended: ended.length, message: `You are unsubscribed: ${row.email} will get no more back-in-stock alerts from us.` };
  });
}
