/**
 * Finding accounts by text: User Management's search and Order Management's
 * search by customer. One expression — user name, e-mail, first and last name, lower-cased — that
 * the trigram index users_search_trgm_idx (db/schema.ts, migration 0007) is built on, so
 * `contains` is answered from the index rather than by reading every account.
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { users } from '@/db/schema';

/** lower() of the account's searchable text; the same expression as users_search_trgm_idx. */
export const userSearchText = (): SQL =>
  sql`lower(${users.userName} || ' ' || ${users.email} || ' ' || coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

/** A LIKE pattern that finds `text` anywhere (case-folded), LIKE's own characters (\ % _) taken literally. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accounts whose user name, e-mail, first or last name contain `q` (any case). */
export const userMatches = (q: string): SQL => sql`${userSearchText()} LIKE ${containsPattern(q)}`;
