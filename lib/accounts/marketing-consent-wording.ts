/**
 * The words of the marketing-consent checkbox (sign-up and Profile), browser-safe: the forms show
 * this text and the server records this very text with the consent (lib/accounts/marketing-consent.ts),
 * never a wording the browser sends. Changing it changes what new consents record; old records keep
 * the words their customers saw.
 */
export const MARKETING_CONSENT_WORDING =
  'Email me ideas, offers and reminders from Totara Home: price drops on items I save, and a nudge if I leave something in my cart. At most a few emails a month; unsubscribe any time with one click.';
