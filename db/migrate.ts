/**
 * `npm run db:migrate` — applies every pending migration in db/migrations to the database of
 * DATABASE_URL (or the embedded PGlite database under .data/ when it is unset). Idempotent.
 * Runs under tsx: imports nothing 'server-only'.
 */
import { migrateDatabase } from './bootstrap';
import { closeDatabase, databaseKind } from './client';

async function main() {
  const started = Date.now();
  await migrateDatabase();
  console.log(`[db:migrate] ${databaseKind() === 'pg' ? 'PostgreSQL' : 'embedded PGlite'} is up to date (${Date.now() - started} ms).`);
}

main()
  .catch((e) => {
    console.error('[db:migrate] failed:', e instanceof Error ? e.message : e);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
