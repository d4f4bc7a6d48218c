/**
 * Seeding: the real catalogue, the shop's settings and (embedded/demo databases only) two demo
 * accounts. Used by prepareEmbeddedDatabase() (db/bootstrap.ts) on the embedded database and by
 * `npm run db:seed`. Imports nothing from lib/: it runs under tsx, before and without the app.
 */
import { count, sql } from 'drizzle-orm';
import { db } from './client';
import { categories, settings, users } from './schema';
import { importCatalogue } from './import/ikea';
import { DEFAULT_SETTINGS } from './default-settings';

/**
 * Demo logins, created only on embedded/demo databases; listed in the README with their passwords
 * (Admin123!, Customer123!). The hashes were made once with hashPassword (lib/auth/password.ts,
 * argon2id): verifyPassword reads the parameters from the hash itself, so the seed needs no hashing
 * rule of its own.
 */
const DEMO_USERS = [
  {
    userName: 'admin',
    email: 'admin@totarahome.test',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$e2cJTQrX/h+ePs8hJHEpcQ$Pt/EHPfIW4jZ5EcQB5X7zP+e0WwuZgwQ9cYc80j5rK4',
    isAdmin: true,
    firstName: 'Aroha',
    lastName: 'Ngata',
  },
  {
    userName: 'demo',
    email: 'customer@totarahome.test',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$3Ho0JPGsQbj9BbIUUPhdiA$iksAQINCn31DIJUQ59DCQRiUuL2R312xxLA2nnDlSf0',
    isAdmin: false,
    firstName: 'Sam',
    lastName: 'Taylor',
  },
] as const;

/**
 * Where the demo shop differs from a new one: its administrator signs in with the password alone,
 * as the README's demo logins say (a new shop asks staff for two-factor sign-in;
 * docs/accounts-and-security.md "Staff and two-factor sign-in").
 */
const DEMO_SETTINGS: Record<string, string | number | boolean> = { staff_two_factor_required: false };

/** The default settings (the demo shop's where it differs); a key already stored keeps its value. */
async function seedSettings(demo: boolean): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries({ ...DEFAULT_SETTINGS, ...(demo ? DEMO_SETTINGS : {}) }).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
}

/** The demo accounts; an account whose user name or email is taken is left alone. */
async function seedDemoUsers(): Promise<void> {
  await db
    .insert(users)
    .values([...DEMO_USERS])
    .onConflictDoNothing();
  // The demo administrator is an Owner (docs/accounts-and-security.md "Staff roles and permissions").
  await db.execute(sql`INSERT INTO staff_roles (user_id, role_id)
    SELECT u.id, r.id FROM users u JOIN roles r ON r.name = 'Owner'
    WHERE u.is_admin AND NOT EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = u.id) ON CONFLICT DO NOTHING`);
}

/**
 * Seeds whatever is missing: the catalogue when there are no categories, the settings, and the demo
 * accounts when opts.demoUsers. Needs a migrated database; throws when the import fails (nothing of
 * the catalogue is written then).
 */
export async function seedIfEmpty(opts: { demoUsers: boolean }): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(categories);
  if (n === 0) {
    const started = Date.now();
    const report = await importCatalogue();
    console.log(`[seed] imported the catalogue in ${Date.now() - started} ms: ${JSON.stringify(report)}`);
  }
  await seedSettings(opts.demoUsers);
  if (opts.demoUsers) await seedDemoUsers();
  // Vacuumed as well as analysed: the embedded database has no autovacuum, so this start is when
  // the row versions the last run left dead (orders' stock updates, edits) are cleared, and when
  // the visibility map that lets counts read indexes alone is written (after an import, catalogue
  // reads are otherwise slower until it is). On a catalogue
  // vacuumed by the last start it costs about what ANALYZE alone did. VACUUM runs outside a transaction.
  await db.execute(sql`VACUUM ANALYZE`);
}
