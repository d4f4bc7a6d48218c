/**
 * System Settings input (spec §2 System Settings, §3 Settings, §7 PUT /settings).
 *
 * The map is free-form in the spec; here every key the shop knows has a rule, and keys it does not
 * know are refused (400) so that a typo never silently creates a setting nothing reads.
 * Keys left out of a PUT keep their stored value.
 */
import { z } from 'zod';
import { DEFAULT_SETTINGS } from '@/db/default-settings';

/** A valid IANA time-zone name (as Intl and PostgreSQL know them), returned in canonical spelling. */
export function canonicalTimeZone(value: string): string | null {
  const v = value.trim();
  if (!v || !/^[A-Za-z0-9_+\-/]+$/.test(v)) return null;
  const zones = Intl.supportedValuesOf('timeZone');
  const hit = zones.find((z) => z.toLowerCase() === v.toLowerCase());
  if (hit) return hit;
  if (['utc', 'etc/utc', 'gmt', 'etc/gmt'].includes(v.toLowerCase())) return 'UTC';
  return null;
}

const currencies = new Set(Intl.supportedValuesOf('currency'));

/** A boolean, also from the strings "true"/"false" (checkboxes and query strings). */
const bool = (label: string) =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: `${label} must be true or false.` });

/** A number ≥ 0 (numeric strings accepted, empty refused). */
/** Bounds of the cart reminder settings (cart_reminder_hours: 30 days; cart_reminder_max). */
export const CART_REMINDER_MAX_HOURS = 720;
export const CART_REMINDER_MAX_COUNT = 5;

const amount = (label: string, max: number, opts: { int?: boolean; decimals?: number } = {}) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)], { error: `${label} must be a number of at least 0.` })
    .pipe(
      z
        .number({ error: `${label} must be a number.` })
        .min(0, `${label} must be at least 0.`)
        .max(max, `${label} must be at most ${max}.`)
        .refine((n) => !opts.int || Number.isInteger(n), `${label} must be a whole number.`)
        .refine((n) => opts.decimals === undefined || Math.abs(Math.round(n * 10 ** opts.decimals) - n * 10 ** opts.decimals) < 1e-6, `${label} may have at most ${opts.decimals ?? 0} decimals.`),
    );

/**
 * Bounds of unpaid_order_hold_minutes (whole minutes): at least 5, so a customer has time to pay,
 * at most 7 days (10,080), so a forgotten order does not keep stock from buyers for weeks.
 */
export const UNPAID_HOLD_MIN_MINUTES = 5;
export const UNPAID_HOLD_MAX_MINUTES = 7 * 24 * 60;

/** Upper bound of review_request_delay_days: a request later than 90 days after delivery is no longer about a fresh purchase. */
export const REVIEW_REQUEST_MAX_DAYS = 90;

/** Upper bound of return_window_days: a year. */
export const RETURN_WINDOW_MAX_DAYS = 365;

/** The social networks the footer can link to: the setting, its label, the hosts of its pages and an example page. */
export const SOCIAL_NETWORKS = [
  { key: 'facebook_url', label: 'Facebook', hosts: ['facebook.com', 'fb.com'], example: 'https://www.facebook.com/yourshop' },
  { key: 'instagram_url', label: 'Instagram', hosts: ['instagram.com'], example: 'https://www.instagram.com/yourshop' },
  { key: 'pinterest_url', label: 'Pinterest', hosts: ['pinterest.com', 'pinterest.nz', 'pinterest.co.nz', 'pinterest.com.au'], example: 'https://www.pinterest.com/yourshop' },
] as const;

/**
 * The address of the shop's own page on a social network, or '' (not shown): an http(s) address on
 * one of the network's hosts with a path beyond the home page, kept as typed (trimmed).
 */
const socialPage = (network: (typeof SOCIAL_NETWORKS)[number]) =>
  z
    .string({ error: `${network.label} page must be text.` })
    .trim()
    .max(300, `${network.label} page must be at most 300 characters.`)
    .refine((v) => {
      if (v === '') return true;
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        return false;
      }
      const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
      return /^https?:$/.test(url.protocol) && (network.hosts as readonly string[]).includes(host) && url.pathname.replace(/\/+$/, '') !== '';
    }, `${network.label} page must be the address of your own page, such as ${network.example}, or empty to hide the link.`);

const text = (label: string, max: number) => z.string({ error: `${label} must be text.` }).trim().min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

/** The rule of each known setting. */
export const settingRules = {
  store_name: text('Store name', 100),
  support_email: z.string({ error: 'Support email must be text.' }).trim().toLowerCase().pipe(z.email('Support email must be a valid email address.')),
  currency: z
    .string({ error: 'Currency must be text.' })
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'Currency must be a 3-letter code such as NZD.')
    .transform((v) => v.toUpperCase())
    .refine((v) => currencies.has(v), 'Currency must be a known ISO 4217 code such as NZD.'),
  time_zone: z
    .string({ error: 'Time zone must be text.' })
    .transform((v, ctx) => {
      const zone = canonicalTimeZone(v);
      if (!zone) {
        ctx.addIssue({ code: 'custom', message: 'Time zone must be a valid IANA time zone such as Pacific/Auckland.' });
        return z.NEVER;
      }
      return zone;
    }),
  low_stock_threshold: amount('Low stock threshold', 1_000_000, { int: true }),
  unpaid_order_hold_minutes: amount('Unpaid order hold minutes', UNPAID_HOLD_MAX_MINUTES, { int: true }).refine((n) => n >= UNPAID_HOLD_MIN_MINUTES, `Unpaid order hold minutes must be at least ${UNPAID_HOLD_MIN_MINUTES}.`),
  prices_include_gst: bool('Prices include GST'),
  gst_rate_percent: amount('GST rate percent', 100, { decimals: 2 }),
  gst_number: z
    .string({ error: 'GST number must be text.' })
    .transform((v, ctx) => {
      const digits = v.replace(/[\s-]/g, '');
      if (!/^\d{8,9}$/.test(digits)) {
        ctx.addIssue({ code: 'custom', message: 'GST number must be 8 or 9 digits, such as 123-456-789.' });
        return z.NEVER;
      }
      // As Inland Revenue prints it: 12-345-678 or 123-456-789.
      return digits.length === 8 ? `${digits.slice(0, 2)}-${digits.slice(2, 5)}-${digits.slice(5)}` : `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
    }),
  review_request_delay_days: amount('Review request delay days', REVIEW_REQUEST_MAX_DAYS, { int: true }),
  return_window_days: amount('Return window days', RETURN_WINDOW_MAX_DAYS, { int: true }),
  facebook_url: socialPage(SOCIAL_NETWORKS[0]),
  instagram_url: socialPage(SOCIAL_NETWORKS[1]),
  pinterest_url: socialPage(SOCIAL_NETWORKS[2]),
  return_collection_fee: amount('Return collection fee', 10_000, { decimals: 2 }),
  afterpay_enabled: bool('Afterpay enabled'),
  klarna_enabled: bool('Klarna enabled'),
  store_address: text('Store address', 300),
  price_drop_percent: amount('Price drop percent', 90, { int: true }).refine((n) => n >= 1, 'Price drop percent must be at least 1.'),
  cart_reminder_hours: amount('Cart reminder hours', CART_REMINDER_MAX_HOURS, { int: true }),
  cart_reminder_max: amount('Cart reminder maximum', CART_REMINDER_MAX_COUNT, { int: true }),
  staff_two_factor_required: bool('Staff must use two-factor sign-in'),
} satisfies Record<string, z.ZodType<string | number | boolean>>;

/**
 * The rule of a key: its own rule above, else (a setting added to DEFAULT_SETTINGS without one) a
 * rule by the default's type; null for a key the shop does not know. Keys are looked up as own
 * properties only, so `toString`, `constructor` or `__proto__` are unknown settings, not
 * Object.prototype's members.
 */
export function ruleFor(key: string): z.ZodType<string | number | boolean> | null {
  if (Object.hasOwn(settingRules, key)) return (settingRules as Record<string, z.ZodType<string | number | boolean>>)[key];
  if (!Object.hasOwn(DEFAULT_SETTINGS, key)) return null;
  const label = key.replace(/_/g, ' ');
  const fallback = DEFAULT_SETTINGS[key];
  if (typeof fallback === 'boolean') return bool(label);
  if (typeof fallback === 'number') return amount(label, 1_000_000_000);
  return text(label, 500);
}

export type SettingKey = keyof typeof settingRules;

/** What each setting does, shown under its field in System Settings (docs/back-office.md). */
export const SETTING_HELP: Record<SettingKey, string> = {
  store_name: 'The shop\'s name: in the header, footer and page titles, on e-mails and on tax invoices.',
  support_email: 'Where customers write to: shown in the footer and on Contact, the sender and reply address of the shop\'s e-mails, and printed on tax invoices.',
  currency: 'Three-letter ISO code, e.g. NZD. Every price and order is stored in it, so it can only be changed while no product or order holds an amount (a new, empty shop).',
  time_zone: 'IANA zone, e.g. Pacific/Auckland. "Today" on the dashboard, report dates, invoice dates and payment deadlines follow it.',
  low_stock_threshold: 'Products with this many or fewer in stock count as low; administrators are e-mailed when one falls to it.',
  unpaid_order_hold_minutes: 'Minutes an unpaid order keeps its stock (5 to 10080). After that it is cancelled, its stock released and the customer e-mailed.',
  prices_include_gst: 'Ticked: catalogue prices include GST and orders show the GST they contain. Unticked: GST is added on top at checkout. Applies to orders placed afterwards.',
  gst_rate_percent: 'GST rate in percent (15 in New Zealand), up to two decimals. Applies to orders placed afterwards.',
  gst_number: 'Your GST registration number (8 or 9 digits), printed on every tax invoice and credit note issued from now on.',
  review_request_delay_days: 'Days after delivery before the customer is e-mailed a request to review what they bought (0 to 90; 0 sends it at once).',
  return_window_days: 'Days after delivery within which a customer may ask to return items (0 to 365). The Returns page and the product pages\' return policy say it.',
  facebook_url: 'The address of your shop\'s Facebook page, linked from the footer. Empty: no Facebook link.',
  instagram_url: 'The address of your shop\'s Instagram profile, linked from the footer. Empty: no Instagram link.',
  pinterest_url: 'The address of your shop\'s Pinterest profile, linked from the footer. Empty: no Pinterest link.',
  staff_two_factor_required: 'Ticked: staff without two-factor sign-in (an authenticator app or a passkey) must set it up in their profile before using the back office. Customers are never required to.',
  return_collection_fee: 'Dollars deducted from the refund of a return we collect (not when the customer drops it at the warehouse). Chosen per return when refunding it; 0 means no fee.',
  afterpay_enabled: 'Ticked: checkout offers Afterpay (4 interest-free payments) for NZD totals from $1 to $2,000, and product, cart and checkout pages show the instalment. Your Stripe account must have Afterpay turned on.',
  klarna_enabled: 'Ticked: checkout offers Klarna (4 interest-free payments) for NZD totals from $1 to $2,000, and product, cart and checkout pages show the instalment. Your Stripe account must have Klarna turned on.',
  store_address: 'The shop\'s postal address. Marketing e-mails (price drops on saved items, cart reminders) name it with the store name, as the law on commercial e-mail asks.',
  cart_reminder_hours: 'Hours a signed-in customer\'s cart must sit untouched, with items and no order, before they are reminded of it, and between two reminders. Only customers who agreed to marketing e-mail are reminded. 0 to 720.',
  cart_reminder_max: 'Reminders one idle cart gets at most (0 to 5); 0 sends none. Counting starts again when the customer changes the cart or places an order.',
  price_drop_percent: 'Whole percent (1 to 90) a saved item\'s price must fall before customers who saved it and agreed to marketing e-mail are told, once per drop.',
};
export const SETTING_KEYS = Object.keys(settingRules) as SettingKey[];

/** PUT /api/settings — the key-value map; unknown keys → 400 "Unknown setting: …". */
export const settingsSchema = z
  .record(z.string(), z.unknown(), { error: 'Send the settings as a key-value object.' })
  .transform((input, ctx) => {
    const out: Record<string, string | number | boolean> = {};
    for (const [key, value] of Object.entries(input)) {
      const rule = ruleFor(key);
      if (!rule) {
        ctx.addIssue({ code: 'custom', path: [key], message: `Unknown setting: ${key}.` });
        continue;
      }
      const r = rule.safeParse(value);
      if (r.success) out[key] = r.data;
      else for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', path: [key, ...issue.path.map(String)], message: issue.message });
    }
    if (Object.keys(out).length === 0 && Object.keys(input).length === 0) ctx.addIssue({ code: 'custom', message: 'Send at least one setting.' });
    return out;
  });
export type SettingsInput = z.output<typeof settingsSchema>;

/** "low_stock_threshold" → "LOW STOCK THRESHOLD" (spec §2 System Settings labels). */
export const settingLabel = (key: string) => key.replace(/_/g, ' ').toUpperCase();
