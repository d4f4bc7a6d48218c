/**
 * Seeding: the real catalogue, the shop's settings and (embedded/demo databases only) two demo
 * accounts. Used by ensureDatabase() on the embedded database and by `npm run db:seed`.
 */
import { count, sql } from 'drizzle-orm';
import { db } from './client';
import { categories, settings, users } from './schema';
import { importCatalogue } from './import/ikea';
import { hashPassword } from '@/lib/auth/password';
import { DEFAULT_SETTINGS } from '@/lib/settings/defaults';

/** Demo logins, created only on embedded/demo databases; listed in the README. */
export const DEMO_USERS = [
  { userName: 'admin', email: 'admin@totarahome.test', password: 'Admin123!', isAdmin: true, firstName: 'Aroha', lastName: 'Ngata' },
  { userName: 'demo', email: 'customer@totarahome.test', password: 'Customer123!', isAdmin: false, firstName: 'Sam', lastName: 'Taylor' },
] as const;

export async function seedSettings(): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
}

export async function seedDemoUsers(): Promise<void> {
  for (const u of DEMO_USERS) {
    await db
      .insert(users)
      .values({ userName: u.userName, email: u.email, passwordHash: await hashPassword(u.password), isAdmin: u.isAdmin, firstName: u.firstName, lastName: u.lastName })
      .onConflictDoNothing();
  }
}

/** Seeds whatever is missing: the catalogue when there are no categories, settings, demo users. */
export async function seedIfEmpty(opts: { demoUsers: boolean }): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(categories);
  if (n === 0) {
    const started = Date.now();
    const report = await importCatalogue();
    console.log(`[seed] imported the catalogue in ${Date.now() - started} ms: ${JSON.stringify(report)}`);
  }
  await seedSettings();
  if (opts.demoUsers) await seedDemoUsers();
  await db.execute(sql`ANALYZE`);
}
