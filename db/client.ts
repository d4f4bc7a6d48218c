/**
 * The one database handle.
 *
 * DATABASE_URL set → the `pg` driver against that PostgreSQL (on a serverless host, a small pool per
 * instance behind the provider's pooler URL: docs/operations.md).
 * DATABASE_URL unset → embedded PGlite (PostgreSQL in WebAssembly) under PGLITE_DIR (default
 * .data/pglite; "memory://" keeps it in memory). In the Next.js server it runs on a thread of its
 * own (db/pglite-thread.ts), so that its statements never hold up the requests around them; in
 * scripts and tests, which wait for each statement anyway, in the calling thread.
 *
 * It only connects: migrating and seeding are explicit steps (db/bootstrap.ts), run by
 * instrumentation.ts on server start, by `npm run db:migrate` / `npm run db:seed` and by the tests.
 *
 * The handle is created lazily on first use and kept on globalThis, so that `next build` (which
 * imports modules in parallel workers) never opens the data directory, and so that the several
 * bundles of one server process share one PGlite instance: two openers of one directory corrupt it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { attachDatabasePool } from '@vercel/functions/db-connections';
import { serverlessHost } from '../lib/shared/host';
import * as schema from './schema';
import { PGliteThread } from './pglite-thread';

/** Both drivers expose the same query builder; typed once as the node-postgres flavour. */
export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle, for service functions that take part in a caller's transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction. */
export type Executor = Database | Tx;

type Handle = {
  db: Database;
  kind: 'pglite' | 'pg';
  pool?: Pool;
  /** The PostgreSQL URL the pools connect to. */
  url?: string;
  pglite?: PGlite | PGliteThread;
  /** The pools of sessionDatabase(), by name. */
  sessions: Map<string, { db: Database; pool: Pool }>;
};

const g = globalThis as unknown as { __shopDb?: Handle };

function open(): Handle {
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const serverless = serverlessHost() !== null;
    const pool = new Pool({
      connectionString: url,
      // A serverless host runs many instances, each with its own pool: a few connections each,
      // behind the provider's pooler (docs/operations.md), and closed soon when idle, since a
      // suspended instance's timers do not run and the pooler closes what sits idle too long.
      max: Number(process.env.DB_POOL_MAX ?? (serverless ? 3 : 10)),
      ...(serverless ? { idleTimeoutMillis: 5_000 } : {}),
    });
    // An idle connection the server closes (restart, failover, DROP DATABASE … FORCE) must not
    // crash the process: pg emits 'error' on the pool, which throws when nobody listens.
    pool.on('error', (e) => console.error('[db] idle PostgreSQL connection failed:', e.message));
    // On Vercel, the platform's own helper keeps the instance alive until idle connections are
    // closed, so a suspended instance holds none open.
    if (serverlessHost() === 'vercel') attachDatabasePool(pool);
    return { db: drizzlePg(pool, { schema }), kind: 'pg', pool, url, sessions: new Map() };
  }
  const dir = process.env.PGLITE_DIR?.trim() || path.join(process.cwd(), '.data', 'pglite');
  if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true });
  const dataDir = dir === 'memory://' ? undefined : dir;
  // NEXT_RUNTIME is set in the Next.js server only (not in `next build`, which never opens the database).
  const pglite = process.env.NEXT_RUNTIME === 'nodejs' ? new PGliteThread(dataDir) : new PGlite({ dataDir, extensions: { pg_trgm } });
  return { db: drizzlePglite(pglite as PGlite, { schema }) as unknown as Database, kind: 'pglite', pglite, sessions: new Map() };
}

function handle(): Handle {
  g.__shopDb ??= open();
  return g.__shopDb;
}

/** The Drizzle database. Opening is deferred to the first query. */
export const db: Database = new Proxy({} as Database, {
  get(_target, prop) {
    const real = handle().db as unknown as Record<string | symbol, unknown>;
    const value = real[prop];
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});

/** A setting's name or value that can go into PostgreSQL's startup options as is: letters, digits, dots and underscores. */
const PLAIN_SETTING = /^[A-Za-z0-9_.]+$/;

/**
 * A database handle with connections of its own, each session started with `settings`
 * (PostgreSQL's startup `options`, `-c name=value`), for work whose settings differ from the rest
 * of the shop's: the catalogue's bounded reads (lib/catalog/read/read-guard.ts). They would otherwise
 * need a transaction per use to SET LOCAL them: BEGIN, the settings and COMMIT are three more
 * round trips to the database per use.
 *
 * @param name the pool's name: one pool per name and process, made on first use
 * @param settings PostgreSQL settings by name, e.g. `{ statement_timeout: '3000' }` (plain names
 *   and values only)
 * @param max the most connections the pool opens (≥ 1)
 * @returns the handle, or null where session settings cannot be relied on: on PGlite (one
 *   connection for everything) and on a serverless host, whose pooler (docs/operations.md) hands one
 *   server session to many clients and may drop or refuse startup options. Callers then SET LOCAL
 *   in a transaction of `db`.
 * @throws Error for a setting that is not plain
 */
export function sessionDatabase(name: string, settings: Record<string, string>, max: number): Database | null {
  const h = handle();
  // Every bounded read asks: the pool made on its first call answers the rest at once.
  const existing = h.sessions.get(name);
  if (existing) return existing.db;
  const entries = Object.entries(settings);
  const bad = entries.find(([k, v]) => !PLAIN_SETTING.test(k) || !PLAIN_SETTING.test(v));
  if (bad) throw new Error(`sessionDatabase: the setting ${bad[0]}=${bad[1]} is not plain`);
  if (!h.url || serverlessHost() !== null) return null;
  const pool = new Pool({
    connectionString: h.url,
    max: Math.max(1, max),
    options: entries.map(([k, v]) => `-c ${k}=${v}`).join(' '),
  });
  pool.on('error', (e) => console.error(`[db] idle PostgreSQL connection of ${name} failed:`, e.message));
  const session = { db: drizzlePg(pool, { schema }), pool };
  h.sessions.set(name, session);
  preparedOn.set(session.db, new Map());
  return session.db;
}

/** A query that runs with placeholder values, as Drizzle's query builders and prepared queries do. */
type Statement<T> = { execute(values: Record<string, unknown>): Promise<T> };

/** The statements prepared on each handle of sessionDatabase(), by name; other executors have none. */
const preparedOn = new WeakMap<object, Map<string, Statement<unknown>>>();

/**
 * A hot read as a statement prepared once per connection where that is safe, else sent as is.
 *
 * On a handle of sessionDatabase(), the connections are the shop's own. There the query becomes a
 * named statement (Drizzle's `.prepare(name)`): each connection parses and plans it once and
 * afterwards only binds its values, so a hot read skips PostgreSQL's parsing and planning, and
 * the SQL text is built once, not per request. Anywhere else
 * (PGlite, or a transaction behind a serverless host's pooler, which hands sessions around) the
 * same query is sent unnamed.
 *
 * @param executor where it runs
 * @param name the statement's name, one per query text (the queries of one name must be equal)
 * @param build the query on an executor, with `sql.placeholder(…)` for its values
 * @returns something to `execute({ …values })`: the query's rows, as the builder returns them
 */
export function statementOn<T>(executor: Executor, name: string, build: (on: Executor) => Statement<T> & { prepare(name: string): Statement<T> }): Statement<T> {
  const prepared = preparedOn.get(executor);
  if (!prepared) return build(executor);
  let statement = prepared.get(name) as Statement<T> | undefined;
  if (!statement) {
    statement = build(executor).prepare(name);
    prepared.set(name, statement);
  }
  return statement;
}

/** Which driver is in use: 'pglite' (embedded) or 'pg'. */
export const databaseKind = () => handle().kind;

/** Closes the connection (scripts and tests). */
export async function closeDatabase(): Promise<void> {
  const h = g.__shopDb;
  if (!h) return;
  g.__shopDb = undefined;
  await Promise.all([...h.sessions.values()].map((s) => s.pool.end()));
  if (h.pool) await h.pool.end();
  if (h.pglite) await h.pglite.close();
}
