/**
 * Settings the shop really uses, seeded on first start (spec §3 Settings; edited in /admin/settings).
 * Kept in db/ because both need them and the seed imports nothing from lib/: db/seed-data.ts writes
 * them into the settings table, lib/settings falls back on them.
 */
export const DEFAULT_SETTINGS: Record<string, string | number | boolean> = {
  store_name: 'Totara Home',
  support_email: 'help@totarahome.co.nz',
  currency: 'NZD',
  time_zone: 'Pacific/Auckland',
  low_stock_threshold: 5,
  /** Minutes a pending unpaid order keeps its stock; past that it expires (cancelled, stock released; lib/orders/expiry.ts). */
  unpaid_order_hold_minutes: 60,
  prices_include_gst: true,
  gst_rate_percent: 15,
  /** The GST registration number printed on tax invoices and credit notes (a demo number until the owner sets theirs). */
  gst_number: '123-456-789',
  /** Whole days after delivery before the customer is asked to review what they bought (lib/reviews/request.ts); 0 = at once. */
  review_request_delay_days: 7,
  /** Whole days after delivery within which a customer may ask to return items (lib/orders/returns.ts; the Returns page says it). */
  return_window_days: 30,
  /** The shop's own pages on the social networks, linked from the footer; empty = not shown. */
  facebook_url: '',
  instagram_url: '',
  pinterest_url: '',
  /**
   * Dollars deducted from the refund of a change-of-mind return the shop collects (none when the
   * customer drops the items at the warehouse); the Returns page promises it (docs/refunds-and-returns.md).
   */
  return_collection_fee: 49,
  /** Whether checkout offers Afterpay and Klarna through Stripe, within their limits (lib/payments/pay-later.ts; docs/buying.md). */
  afterpay_enabled: true,
  klarna_enabled: true,
  /** The shop's postal address: marketing e-mails identify their sender with it (Unsolicited Electronic Messages Act 2007). */
  store_address: '12 Karaka Street, Grey Lynn, Auckland 1021, New Zealand',
  /** Percent a saved item's price must fall (from the price when saved, or the last one announced) before a price-drop e-mail goes to consenting savers. */
  price_drop_percent: 10,
  /** Hours a consenting customer's cart must sit with items and no order before a cart reminder, and between reminders (lib/orders/cart-reminders.ts). */
  cart_reminder_hours: 24,
  /** Cart reminders one idle cart gets at most; 0 turns them off. */
  cart_reminder_max: 2,
  /**
   * Staff without a second factor (TOTP or a passkey) are sent to set one up before any back-office
   * page, and refused staff operations (lib/auth/staff-two-factor.ts). On for a new shop; the demo
   * shop turns it off (DEMO_SETTINGS in ./seed-data.ts).
   */
  staff_two_factor_required: true,
};
