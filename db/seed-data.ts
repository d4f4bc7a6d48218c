/**
 * Seeding: the real catalogue, the shop's settings and (embedded/demo databases only) two demo
 * accounts. Used by ensureDatabase() on the embedded database and by `npm run db:seed`.
 */
import { count, sql } from 'drizzle-orm';
import { db } from './client';
import { categories, settings, users } from './schema';
import { importCatalogue } from './import/ikea';
import { hashPassword } from '@/lib/auth/password';

/** Settings the shop really uses (spec §3 Settings; the admin edits them in /admin/settings). */
export const DEFAULT_SETTINGS: Record<string, string | number | boolean> = {
  store_name: 'Totara Home',
  support_email: 'help@totarahome.co.nz',
  currency: 'NZD',
  time_zone: 'Pacific/Auckland',
  low_stock_threshold: 5,
  /** Dollars per order below the free-shipping threshold. */
  shipping_fee: 49,
  /** Orders of at least this many dollars ship free. */
  free_shipping_threshold: 500,
  prices_include_gst: true,
  gst_rate_percent: 15,
};

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
