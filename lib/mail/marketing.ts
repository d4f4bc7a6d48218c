/**
 * Marketing e-mail (docs/mail.md "Marketing e-mail"; Unsolicited Electronic Messages Act 2007):
 * written only for a customer whose account holds a marketing consent (users.marketing_consent_at,
 * lib/accounts/marketing-consent.ts), checked here in the writer's transaction, so no sender can
 * forget it; each message names its sender (store name and the store_address setting) and carries
 * a signed one-click unsubscribe link (lib/auth/signed-links.ts), in the body and as the
 * List-Unsubscribe header (lib/mail/deliver.ts).
 */
import 'server-only';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { cartItems, products, users } from '@/db/schema';
import { signLinkToken } from '@/lib/auth/signed-links';
import { siteUrl } from '@/lib/server/env';
import { getShopSettings } from '@/lib/settings/queries';
import { enqueue } from './outbox';
import { greetingName, type MarketingFacts, type ShopFacts } from './templates/names';

/** The unsubscribe token of an account: signed for 'marketing-unsubscribe', its subject the user id. */
export const unsubscribeToken = (userId: number) => signLinkToken('marketing-unsubscribe', String(userId));

/**
 * The two unsubscribe addresses of an account: the page that confirms (`/unsubscribe?token=…`,
 * linked in the body) and the one a mail client posts `List-Unsubscribe=One-Click` to
 * (`/api/unsubscribe?token=…`, RFC 8058).
 */
export function unsubscribeUrls(userId: number, base = siteUrl()): Pick<MarketingFacts, 'unsubscribeUrl' | 'oneClickUrl'> {
  const token = encodeURIComponent(unsubscribeToken(userId));
  return { unsubscribeUrl: `${base}/unsubscribe?token=${token}`, oneClickUrl: `${base}/api/unsubscribe?token=${token}` };
}

/** A consenting, active customer: where to write and whom to greet; null without consent. */
async function consentingCustomer(tx: Executor, userId: number) {
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt), isNotNull(users.marketingConsentAt)));
  return user ?? null;
}

/**
 * The sender's facts every marketing message carries (shop, postal address, unsubscribe links),
 * read in the transaction; null when the customer has not agreed to marketing e-mail (nothing may
 * be written then). For the marketing events of this module and of the domains above mail.
 */
export async function marketingContext(tx: Executor, userId: number): Promise<{ shop: ShopFacts; marketing: MarketingFacts; email: string; customerName: string | null } | null> {
  const user = await consentingCustomer(tx, userId);
  if (!user) return null;
  const { storeName, supportEmail, storeAddress } = await getShopSettings(tx);
  const base = siteUrl();
  return {
    shop: { storeName, supportEmail, siteUrl: base },
    marketing: { userId, storeAddress, ...unsubscribeUrls(userId, base) },
    email: user.email,
    customerName: greetingName(user),
  };
}

/**
 * "A saved item costs less now": to a consenting customer whose saved product's price fell from
 * `was` to `now` (cents). Event key `price-drop:{savedItemId}:{now}` — one message per drop.
 * @returns whether a message was written (false: no consent, unknown product, or already written)
 */
export async function mailPriceDrop(tx: Executor, drop: { savedItemId: number; userId: number; productId: number; was: number; now: number }): Promise<boolean> {
  const context = await marketingContext(tx, drop.userId);
  if (!context) return false;
  const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, drop.productId));
  if (!product) return false;
  const { currency } = await getShopSettings(tx);
  const percentOff = Math.floor(((drop.was - drop.now) * 100) / drop.was);
  return enqueue(tx, {
    eventKey: `price-drop:${drop.savedItemId}:${drop.now}`,
    template: 'price-drop',
    recipient: context.email,
    subject: `${context.shop.storeName}: ${product.name} is now ${percentOff}% less`,
    payload: {
      shop: context.shop,
      marketing: context.marketing,
      customerName: context.customerName,
      product: { id: drop.productId, name: product.name, currency, was: drop.was, now: drop.now, percentOff, productUrl: `${context.shop.siteUrl}/products/${drop.productId}` },
      savedUrl: `${context.shop.siteUrl}/saved`,
    },
  });
}

/** How many cart lines a reminder lists by name (the rest are counted). */
export const CART_REMINDER_LINES = 5;

/** How long a cart reminder's link opens the cart (30 days). */
const CART_LINK_DAYS = 30;

/**
 * The address a cart reminder links to: `/cart?reminder=<token>`, the token signed for
 * 'cart-reminder' with the cart id as its subject and a 30-day expiry. It opens the cart of whoever
 * is signed in (or the login, then the cart); it never signs anyone in (app/(shop)/cart).
 */
export function cartReminderUrl(cartId: number, base = siteUrl(), now = new Date()): string {
  const token = signLinkToken('cart-reminder', String(cartId), { expiresAt: new Date(now.getTime() + CART_LINK_DAYS * 86_400_000) });
  return `${base}/cart?reminder=${encodeURIComponent(token)}`;
}

/**
 * "Your cart is still waiting": reminder number `reminder` (1, 2, …) of the idle stretch that began
 * at `idleSince`, to a consenting customer whose cart `cartId` has items. Event key
 * `cart-reminder:{cartId}:{idleSince ms}:{reminder}` — one message per cart, stretch and number, so
 * two runs of the job never write it twice.
 * @returns whether a message was written (false: no consent, an empty cart, or already written)
 */
export async function mailCartReminder(tx: Executor, r: { cartId: number; userId: number; reminder: number; idleSince: Date }): Promise<boolean> {
  const context = await marketingContext(tx, r.userId);
  if (!context) return false;
  const lines = await tx
    .select({ name: products.name, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, r.cartId))
    .orderBy(asc(cartItems.id));
  if (lines.length === 0) return false;
  return enqueue(tx, {
    eventKey: `cart-reminder:${r.cartId}:${r.idleSince.getTime()}:${r.reminder}`,
    template: 'cart-reminder',
    recipient: context.email,
    subject: `${context.shop.storeName}: your cart is still waiting`,
    payload: {
      shop: context.shop,
      marketing: context.marketing,
      customerName: context.customerName,
      reminder: r.reminder,
      items: lines.slice(0, CART_REMINDER_LINES),
      more: Math.max(0, lines.length - CART_REMINDER_LINES),
      cartUrl: cartReminderUrl(r.cartId, context.shop.siteUrl),
    },
  });
}
