/**
 * Did a request write? A fingerprint of every table of db/schema.ts — its row count and the sum of
 * a hash of each row's text — taken before and compared after. Left out: `rate_limits` (counting
 * refused logins is its purpose, and a refused login is a 4xx) and `search_daily_stats` (the search
 * counts are written by a batch on its own timer, lib/catalog/search/analytics.ts, whichever request
 * happens to be running then).
 *
 * To stay cheap, the fingerprint is only recomputed when PostgreSQL's next transaction id has
 * moved (a transaction that writes, or tries to, takes an id; reads do not), so a request that
 * wrote nothing costs two tiny queries. With DATABASE_URL other test files share the server and
 * move the id too: the fingerprint is then recomputed more often, never trusted less.
 */
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { db } from '@/db/client';
import * as schema from '@/db/schema';

/** Tables a refused request may legitimately write. */
const EXEMPT = new Set(['rate_limits', 'search_daily_stats']);

/**
 * What of a row counts, where not all of it: a session's last_seen_at and address are refreshed by
 * the guard on any signed-in request now and then, whatever it answers (lib/auth/sessions.ts touchSession).
 */
const ROW_TEXT: Record<string, string> = { user_sessions: '(x.id, x.user_id, x.kind, x.created_at, x.expires_at)' };

const TABLES = (Object.values(schema) as unknown[])
  .filter((t): t is PgTable => is(t, PgTable))
  .map((t) => getTableConfig(t).name)
  .filter((name) => !EXEMPT.has(name));

/** json_build_object takes at most 100 arguments (50 tables): one object per 40 tables, merged as jsonb. */
const CHUNK = 40;
const objectOf = (tables: string[]) =>
  `json_build_object(${tables.map((t) => `'${t}', (select count(*)::text || ':' || coalesce(sum(hashtext(${ROW_TEXT[t] ?? 'x'}::text)::bigint), 0)::text from "${t}" x)`).join(', ')})::jsonb`;
const FINGERPRINT = sql.raw(
  `select (${Array.from({ length: Math.ceil(TABLES.length / CHUNK) }, (_, i) => objectOf(TABLES.slice(i * CHUNK, (i + 1) * CHUNK))).join(' || ')}) as fp`,
);
const NEXT_XID = sql.raw('select pg_snapshot_xmax(pg_current_snapshot())::text as xid');

type Rows<T> = { rows: T[] };

async function fingerprint(): Promise<Record<string, string>> {
  const res = (await db.execute(FINGERPRINT)) as unknown as Rows<{ fp: Record<string, string> | string }>;
  const fp = res.rows[0].fp;
  return typeof fp === 'string' ? JSON.parse(fp) : fp;
}

async function nextXid(): Promise<string> {
  const res = (await db.execute(NEXT_XID)) as unknown as Rows<{ xid: string }>;
  return res.rows[0].xid;
}

/** Watches the database across one request at a time: `before()`, the request, then `changedTables()`. */
export class WriteWatch {
  private known?: { xid: string; fp: Record<string, string> };

  /** Remembers the state before a request (reusing the last fingerprint when nothing was written since). */
  async before(): Promise<void> {
    const xid = await nextXid();
    if (this.known?.xid !== xid) this.known = { xid, fp: await fingerprint() };
  }

  /** The tables whose rows changed since before(). */
  async changedTables(): Promise<string[]> {
    const xid = await nextXid();
    if (!this.known) throw new Error('WriteWatch: before() was not called');
    if (xid === this.known.xid) return [];
    const fp = await fingerprint();
    const changed = TABLES.filter((t) => fp[t] !== this.known!.fp[t]);
    this.known = { xid, fp };
    return changed;
  }
}
