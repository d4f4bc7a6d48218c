/**
 * Money: integer cents in the database, decimal numbers in JSON (`price: 1299.5`), one formatter
 * for the UI (docs/architecture.md "Money").
 */

/** Cents → decimal currency units for JSON (1299.5). */
export const toDecimal = (cents: number): number => Math.round(cents) / 100;

/** A plain decimal number as text ("12", "-3.50", ".5", "1e3"); not hex, not blank. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * An amount as a number: numbers as they are, strings when they are a plain decimal (blanks
 * around it allowed), else NaN. `Number('')` is 0, which would turn a blank price into $0.00.
 */
const readAmount = (amount: number | string): number => {
  if (typeof amount === 'number') return amount;
  const text = String(amount).trim();
  return DECIMAL.test(text) ? Number(text) : Number.NaN;
};

/**
 * Decimal currency units (number or numeric string) → integer cents; NaN when not numeric (blank
 * included) or too large to count exactly in cents (beyond Number.MAX_SAFE_INTEGER).
 */
export const toCents = (amount: number | string): number => {
  const cents = Math.round(readAmount(amount) * 100);
  return Number.isSafeInteger(cents) ? cents : Number.NaN;
};

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats a decimal amount in `currency` (ISO 4217, e.g. the store currency of the settings or an
 * order's own currency), e.g. 1299.5, 'NZD' → "$1,299.50". No default: a page showing store prices
 * gets its formatter from storeMoney() (lib/settings/store-money.ts) so it can never fall back to
 * a currency the store does not charge in. A non-numeric price (blank included) gives "N/A" (spec §5 Prices).
 */
export function formatMoney(amount: number | string | null | undefined, currency: string): string {
  const n = amount === null || amount === undefined ? amount : readAmount(amount);
  if (n === null || n === undefined || !Number.isFinite(n)) return 'N/A';
  let f = formatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-NZ', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(currency, f);
  }
  return f.format(n);
}

/** Rounded percentage saved, or null unless original > promotional (spec §5 Prices). */
export function percentSaved(original: number, promotional: number): number | null {
  if (!(Number.isFinite(original) && Number.isFinite(promotional)) || original <= promotional || original <= 0) return null;
  return Math.round(((original - promotional) / original) * 100);
}
