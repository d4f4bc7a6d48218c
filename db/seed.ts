/**
 * `npm run db:seed` — seeds a migrated database (DATABASE_URL, or the embedded PGlite database):
 *   - the real catalogue when it has no categories yet (db/import/ikea.ts), with its import report;
 *   - the default settings (existing keys are left alone);
 *   - the two demo accounts only when SEED_DEMO_USERS=1 (never wanted on a production shop).
 * Safe to run again: nothing already there is duplicated or changed.
 * Runs under tsx: imports nothing 'server-only'. Run `npm run db:migrate` first.
 */
import { closeDatabase, databaseKind } from './client';
import { seedIfEmpty } from './seed-data';

async function main() {
  const demoUsers = process.env.SEED_DEMO_USERS === '1';
  console.log(`[db:seed] seeding ${databaseKind() === 'pg' ? 'PostgreSQL' : 'embedded PGlite'}${demoUsers ? ' with demo users' : ''}…`);
  await seedIfEmpty({ demoUsers });
  console.log('[db:seed] done.');
}

main()
  .catch((e) => {
    const err = e as { code?: string; cause?: { code?: string }; message?: string };
    if ((err.code ?? err.cause?.code) === '42P01') console.error('[db:seed] the tables do not exist yet: run `npm run db:migrate` first.');
    else console.error('[db:seed] failed:', err.message ?? e);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
