/**
 * The SQL of an order search (fields in lib/orders/search-schema.ts), used by
 * listOrders (GET /api/orders, /admin/order) and the CSV export (lib/orders/export.ts).
 *
 * Indexes (db/schema.ts, migration 0007): the text is matched against two trigram-indexed
 * expressions — users_search_trgm_idx over the account (user name, e-mail, first and last name),
 * orders_contact_search_trgm_idx over the order's contact snapshot (name, e-mail) — the order
 * number against the primary key, the days against orders_created_idx.
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { orders, users } from '@/db/schema';
import { containsPattern, userMatches } from '@/lib/accounts/search';
import { orderNumberOf, type OrderSearch } from './search-schema';

/** lower() of the order's contact snapshot; the same expression as orders_contact_search_trgm_idx. */
export const contactSearchText = (): SQL =>
  sql`lower(coalesce(${orders.contact} ->> 'firstName', '') || ' ' || coalesce(${orders.contact} ->> 'lastName', '') || ' ' || coalesce(${orders.contact} ->> 'email', ''))`;

/**
 * WHERE conditions over `orders` for a search, to AND with the caller's own (owner, status).
 * `tz`: the shop's IANA time zone, which the days are in.
 */
export function orderSearchConditions(search: OrderSearch, tz: string): SQL[] {
  const out: SQL[] = [];
  if (search.q) {
    const number = orderNumberOf(search.q);
    // = ANY(ARRAY(…)) rather than IN (…): the matching accounts become one array computed first, so
    // PostgreSQL can OR the three conditions as index scans (orders_user_created_idx, the contact
    // trigram index, the primary key) instead of reading every order against a hashed subquery.
    const text = sql`${orders.userId} = ANY(ARRAY(SELECT ${users.id} FROM ${users} WHERE ${userMatches(search.q)})) OR ${contactSearchText()} LIKE ${containsPattern(search.q)}`;
    out.push(number === null ? sql`(${text})` : sql`(${orders.id} = ${number} OR ${text})`);
  }
  if (search.from) out.push(sql`${orders.createdAt} >= (${search.from}::date::timestamp AT TIME ZONE ${tz}::text)`);
  if (search.to) out.push(sql`${orders.createdAt} < ((${search.to}::date + 1)::timestamp AT TIME ZONE ${tz}::text)`);
  return out;
}
