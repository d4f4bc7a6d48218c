/**
 * The shop's settings (spec §3 Settings, edited in /admin/settings), read in one place.
 * Values are stored as JSON in the settings table; defaults live in db/default-settings.ts.
 */
import { unstable_cache } from 'next/cache';
import { db, type Executor } from '@/db/client';
import { TAGS } from '@/lib/catalog/tags';
import { settings } from '@/db/schema';
import { DEFAULT_SETTINGS } from '@/db/default-settings';
import type { SettingsMap } from '@/lib/settings/contracts';
import { toCents } from '@/lib/money';
import { CART_REMINDER_MAX_COUNT, CART_REMINDER_MAX_HOURS, REVIEW_REQUEST_MAX_DAYS, RETURN_WINDOW_MAX_DAYS, SOCIAL_NETWORKS, ruleFor } from '@/lib/settings/schemas';

export type { SettingsMap };

/**
 * Every setting as a key-value map (defaults filled in for missing keys). Only settings: a row the
 * shop keeps in the table for itself (the shared cache's `cache_namespace`) is not one, so it is
 * neither shown nor editable in System Settings.
 */
export async function getSettingsMap(executor: Executor = db): Promise<SettingsMap> {
  const rows = await executor.select().from(settings);
  return { ...DEFAULT_SETTINGS, ...Object.fromEntries(rows.filter((r) => ruleFor(r.key) !== null).map((r) => [r.key, r.value])) };
}

export type ShopSettings = {
  storeName: string;
  /** Where customers write to; the From of the shop's e-mail unless MAIL_FROM is set. */
  supportEmail: string;
  currency: string;
  timeZone: string;
  lowStockThreshold: number;
  pricesIncludeGst: boolean;
  gstRatePercent: number;
  /** GST registration number on tax invoices, e.g. "123-456-789". */
  gstNumber: string;
  /** Whole days after delivery before the review request e-mail goes out (0 = at once). */
  reviewRequestDelayDays: number;
  /** Whole days after delivery within which items may be returned. */
  returnWindowDays: number;
  /** The shop's pages on the social networks that are set (facebook_url, instagram_url, pinterest_url), in that order. */
  socialLinks: SocialLink[];
  /** Cents deducted from the refund of a return the shop collects (docs/refunds-and-returns.md). */
  returnCollectionFeeCents: number;
  /** Which pay-later methods are switched on (afterpay_enabled, klarna_enabled; lib/payments/pay-later.ts). */
  payLater: { afterpay_clearpay: boolean; klarna: boolean };
  /** The shop's postal address, which marketing e-mails show with the store name. */
  storeAddress: string;
  /** Whole percent a saved item's price must fall for a price-drop e-mail (1–90). */
  priceDropPercent: number;
  /** Cart reminders (lib/orders/cart-reminders.ts): idle hours before each (0–720) and how many at most (0–5). */
  cartReminders: { hours: number; max: number };
};

/** A link to the shop's own page on a social network (the footer's "Follow us"). */
export type SocialLink = { network: 'facebook' | 'instagram' | 'pinterest'; label: string; href: string };

const num = (v: unknown, fallback: number) => (Number.isFinite(Number(v)) ? Number(v) : fallback);

const flag = (v: unknown) => v === true || v === 'true';

/** Typed view of the settings the shop's rules use. */
export async function getShopSettings(executor: Executor = db): Promise<ShopSettings> {
  const m = await getSettingsMap(executor);
  return {
    storeName: String(m.store_name || DEFAULT_SETTINGS.store_name),
    supportEmail: String(m.support_email || DEFAULT_SETTINGS.support_email),
    currency: String(m.currency || 'NZD').toUpperCase(),
    timeZone: String(m.time_zone || 'Pacific/Auckland'),
    lowStockThreshold: num(m.low_stock_threshold, 5),
    pricesIncludeGst: m.prices_include_gst === true || m.prices_include_gst === 'true',
    gstRatePercent: num(m.gst_rate_percent, 15),
    gstNumber: String(m.gst_number || DEFAULT_SETTINGS.gst_number),
    reviewRequestDelayDays: Math.min(REVIEW_REQUEST_MAX_DAYS, Math.max(0, Math.trunc(num(m.review_request_delay_days, Number(DEFAULT_SETTINGS.review_request_delay_days))))),
    returnWindowDays: Math.min(RETURN_WINDOW_MAX_DAYS, Math.max(0, Math.trunc(num(m.return_window_days, Number(DEFAULT_SETTINGS.return_window_days))))),
    socialLinks: socialLinksOf(m),
    returnCollectionFeeCents: Math.max(0, toCents(num(m.return_collection_fee, Number(DEFAULT_SETTINGS.return_collection_fee)))),
    payLater: { afterpay_clearpay: flag(m.afterpay_enabled), klarna: flag(m.klarna_enabled) },
    storeAddress: String(m.store_address || DEFAULT_SETTINGS.store_address),
    cartReminders: {
      hours: Math.min(CART_REMINDER_MAX_HOURS, Math.max(0, Math.trunc(num(m.cart_reminder_hours, Number(DEFAULT_SETTINGS.cart_reminder_hours))))),
      max: Math.min(CART_REMINDER_MAX_COUNT, Math.max(0, Math.trunc(num(m.cart_reminder_max, Number(DEFAULT_SETTINGS.cart_reminder_max))))),
    },
    priceDropPercent: Math.min(90, Math.max(1, Math.trunc(num(m.price_drop_percent, Number(DEFAULT_SETTINGS.price_drop_percent))))),
  };
}

/** The social pages of a settings map that are set and valid (an empty or invalid address is not linked). */
function socialLinksOf(m: SettingsMap): SocialLink[] {
  return SOCIAL_NETWORKS.flatMap((n) => {
    const href = typeof m[n.key] === 'string' ? String(m[n.key]).trim() : '';
    if (!href || !ruleFor(n.key)!.safeParse(href).success) return [];
    return [{ network: n.key.replace('_url', '') as SocialLink['network'], label: n.label, href }];
  });
}

/**
 * getShopSettings() for pages every shopper sees (home, product pages, shipping, FAQ): cached
 * under TAGS.settings, which a settings save invalidates (lib/settings/update.ts). Rules that
 * charge money (order totals) read the table directly inside their transaction instead.
 */
export const getShopSettingsCached = unstable_cache(() => getShopSettings(), ['shop-settings'], { tags: [TAGS.settings], revalidate: 300 });

/** Who the shop is, as every page's header, footer and metadata say it (settings store_name, support_email, and the social pages that are set). */
export type StoreIdentity = { storeName: string; supportEmail: string; socialLinks: SocialLink[] };

/**
 * The store name and support address for the site shell (header, footer, page titles), cached
 * under TAGS.settings: a settings save drops every page that shows them, which then renders with
 * the new values. While `next build` prerenders a page it answers the defaults without opening
 * the database (the build never does; docs/architecture.md "Database"); such a page is rendered
 * again at run time anyway, since the page cache lives in the server process only.
 */
export async function getStoreIdentity(): Promise<StoreIdentity> {
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    return { storeName: String(DEFAULT_SETTINGS.store_name), supportEmail: String(DEFAULT_SETTINGS.support_email), socialLinks: [] };
  }
  const { storeName, supportEmail, socialLinks } = await getShopSettingsCached();
  return { storeName, supportEmail, socialLinks };
}

/**
 * The return window (settings return_window_days, whole days) for the shoppers' pages (Returns),
 * cached under TAGS.settings like getStoreIdentity, and the default while `next build` prerenders.
 */
export async function getReturnWindowDays(): Promise<number> {
  if (process.env.NEXT_PHASE === 'phase-production-build') return Number(DEFAULT_SETTINGS.return_window_days);
  return (await getShopSettingsCached()).returnWindowDays;
}

/**
 * The collection fee the Returns page names and a collected return's refund deducts
 * (docs/refunds-and-returns.md): `cents` from return_collection_fee and the store `currency` to
 * show it in; the defaults while building, when no database is read.
 */
export async function getReturnCollectionFee(): Promise<{ cents: number; currency: string }> {
  if (process.env.NEXT_PHASE === 'phase-production-build') return { cents: Math.round(Number(DEFAULT_SETTINGS.return_collection_fee) * 100), currency: String(DEFAULT_SETTINGS.currency ?? 'NZD') };
  const { returnCollectionFeeCents, currency } = await getShopSettingsCached();
  return { cents: returnCollectionFeeCents, currency };
}
