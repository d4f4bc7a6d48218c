/**
 * Ids read from a page's URL (a path segment such as /checkout/{orderId}, or a query value such as
 * /order-confirmation?order={id}). Pure and browser-safe.
 */

/** The largest id the database's integer id columns hold (db/schema.ts). */
export const MAX_ID = 2_147_483_647;

/**
 * A positive whole id within the database's integer range, or null for anything else ("abc", "1.5",
 * "-3", "0", "99999999999999999999"): a page treats null as an unknown record instead of sending a
 * value to the database that it refuses (the API answers 400 for the same, lib/http/route.ts).
 * @param raw the URL value; of a repeated query key, the first
 */
export function pageId(raw: string | string[] | undefined): number | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
