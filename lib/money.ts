/**
 * Money: integer cents in the database, decimal numbers in JSON (`price: 1299.5`), one formatter
 * for the UI (DESIGN.md "Money").
 */

/** Cents → decimal currency units for JSON (1299.5). */
export const toDecimal = (cents: number): number => Math.round(cents) / 100;

/** Decimal currency units (number or numeric string) → integer cents; NaN when not numeric. */
export const toCents = (amount: number | string): number => {
  const n = typeof amount === 'number' ? amount : Number(String(amount).trim());
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
};

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats a decimal amount in `currency` (ISO 4217, e.g. the store currency of the settings or an
 * order's own currency), e.g. 1299.5, 'NZD' → "$1,299.50". No default: a page showing store prices
 * gets its formatter from storeMoney() (lib/settings/store-money.ts) so it can never fall back to
 * a currency the store does not charge in. A non-numeric price gives "N/A" (spec §5 Prices).
 */
export function formatMoney(amount: number | string | null | undefined, currency: string): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
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
