/**
 * The one database handle.
 *
 * DATABASE_URL set → the `pg` driver against that PostgreSQL.
 * DATABASE_URL unset → embedded PGlite (PostgreSQL in WebAssembly) under .data/pglite, migrated and
 * seeded with the real catalogue on first start (see ensureDatabase; instrumentation.ts calls it).
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
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import * as schema from './schema';

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
  pglite?: PGlite;
  ready?: Promise<void>;
};

const g = globalThis as unknown as { __shopDb?: Handle };

export const MIGRATIONS_DIR = path.join(process.cwd(), 'db', 'migrations');

function open(): Handle {
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const pool = new Pool({
      connectionString: url,
      max: Number(process.env.DB_POOL_MAX ?? 10),
    });
    // An idle connection the server closes (restart, failover, DROP DATABASE … FORCE) must not
    // crash the process: pg emits 'error' on the pool, which throws when nobody listens.
    pool.on('error', (e) => console.error('[db] idle PostgreSQL connection failed:', e.message));
    return { db: drizzlePg(pool, { schema }), kind: 'pg', pool };
  }
  const dir = process.env.PGLITE_DIR?.trim() || path.join(process.cwd(), '.data', 'pglite');
  if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true });
  const pglite = new PGlite({ dataDir: dir === 'memory://' ? undefined : dir, extensions: { pg_trgm } });
  return { db: drizzlePglite(pglite, { schema }) as unknown as Database, kind: 'pglite', pglite };
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

/** Which driver is in use: 'pglite' (embedded) or 'pg'. */
export const databaseKind = () => handle().kind;

/** Applies every pending migration in db/migrations. Idempotent. */
export async function migrateDatabase(): Promise<void> {
  const h = handle();
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (h.kind === 'pg') await migratePg(h.db, config);
  else await migratePglite(h.db as never, config);
}

/**
 * Makes the embedded database usable: migrates it and, when the catalogue is empty, seeds it.
 * Runs once per process (later callers await the same promise). A no-op on PostgreSQL, where
 * `npm run db:migrate` and `npm run db:seed` are run deliberately.
 */
export function ensureDatabase(): Promise<void> {
  const h = handle();
  if (h.kind === 'pg') return Promise.resolve();
  h.ready ??= (async () => {
    await migrateDatabase();
    const { seedIfEmpty } = await import('./seed-data');
    await seedIfEmpty({ demoUsers: true });
  })();
  return h.ready;
}

/** Closes the connection (scripts and tests). */
export async function closeDatabase(): Promise<void> {
  const h = g.__shopDb;
  if (!h) return;
  g.__shopDb = undefined;
  if (h.pool) await h.pool.end();
  if (h.pglite) await h.pglite.close();
}
