/**
 * Making a database ready, as explicit steps (db/client.ts only connects):
 *   - migrateDatabase: `npm run db:migrate` (db/migrate.ts), the tests (tests/support/setup.ts);
 *   - prepareEmbeddedDatabase: instrumentation.ts on server start, so that the embedded database is
 *     migrated and seeded before the first request (docs/operations.md). Seeding alone is
 *     `npm run db:seed` (db/seed.ts → db/seed-data.ts).
 * Nothing here runs on import: `next build` loads modules but must never open the database.
 */
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { db, databaseKind } from './client';
import { seedIfEmpty } from './seed-data';

const MIGRATIONS_DIR = path.join(process.cwd(), 'db', 'migrations');

/** Applies every pending migration in db/migrations to the database of db/client.ts. Idempotent. */
export async function migrateDatabase(): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (databaseKind() === 'pg') await migratePg(db, config);
  else await migratePglite(db as never, config);
}

let prepared: Promise<void> | undefined;

/**
 * Makes the embedded database usable: migrates it and, when the catalogue is empty, seeds it with
 * the catalogue, the settings and the demo accounts. Runs once per process (later callers await the
 * same promise). A no-op on PostgreSQL (DATABASE_URL), where `npm run db:migrate` and
 * `npm run db:seed` are run deliberately. Rejects when a migration or the import fails.
 */
export function prepareEmbeddedDatabase(): Promise<void> {
  if (databaseKind() === 'pg') return Promise.resolve();
  prepared ??= (async () => {
    await migrateDatabase();
    await seedIfEmpty({ demoUsers: true });
  })();
  return prepared;
}
