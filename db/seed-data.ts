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
 * The demo shop's showroom (docs/stock.md "Locations"): Newmarket showroom, a stock location
 * customers may collect from (a pickup location with its own click & collect service in the
 * Auckland zone, ready the same day) that also ships to Auckland, holding 2 units of each of the
 * three cheapest bulky pieces with stock, moved from the warehouse as a transfer (two ledger
 * rows). Every other piece is only in the warehouse, so the storefront shows both cases. Once:
 * nothing is done when the showroom exists.
 */
async function seedShowroom(): Promise<void> {
  await db.transaction(async (tx) => {
    const exists = await tx.execute(sql`SELECT 1 FROM stock_locations WHERE name = 'Newmarket showroom'`);
    if (exists.rows.length > 0) return;
    await tx.execute(sql`WITH pickup AS (
        INSERT INTO pickup_locations (name, address, opening_hours)
        VALUES ('Newmarket showroom', '277 Broadway, Newmarket, Auckland 1023', 'Every day 10am–5pm') RETURNING id
      ), service AS (
        INSERT INTO delivery_services (zone_id, kind, name, fee, bulky_surcharge, free_over, lead_days, weekdays, pickup_location_id)
        SELECT z.id, 'click_collect', 'Click & collect', 0, 0, NULL, 0, '{1,2,3,4,5,6,7}', pickup.id FROM delivery_zones z, pickup WHERE z.name = 'Auckland'
        RETURNING id
      ), location AS (
        INSERT INTO stock_locations (name, kind, address, postcode, pickup_location_id, sort_order)
        SELECT 'Newmarket showroom', 'showroom', '277 Broadway, Newmarket, Auckland 1023', '1023', pickup.id, 2 FROM pickup
        RETURNING id
      )
      INSERT INTO stock_location_zones (location_id, zone_id) SELECT location.id, z.id FROM location, delivery_zones z WHERE z.name = 'Auckland'`);
    await tx.execute(sql`WITH home AS (SELECT id FROM stock_locations WHERE is_default),
      showroom AS (SELECT id FROM stock_locations WHERE name = 'Newmarket showroom'),
      pieces AS (
        SELECT l.product_id FROM stock_levels l JOIN products p ON p.id = l.product_id, home
        WHERE l.location_id = home.id AND p.shipping_class = 'bulky' AND p.archived_at IS NULL AND p.sellable_online AND l.on_hand - l.reserved >= 4
        ORDER BY p.price, p.id LIMIT 3
      ), moved_out AS (
        UPDATE stock_levels l SET on_hand = l.on_hand - 2 FROM home, pieces WHERE l.location_id = home.id AND l.product_id = pieces.product_id RETURNING l.product_id
      ), moved_in AS (
        INSERT INTO stock_levels (location_id, product_id, on_hand) SELECT showroom.id, moved_out.product_id, 2 FROM showroom, moved_out RETURNING product_id
      )
      INSERT INTO stock_ledger (location_id, product_id, change, reason, actor_label, counterpart_location_id, note)
      SELECT home.id, moved_in.product_id, -2, 'transfer', 'Shop', showroom.id, 'Demo showroom stock' FROM home, showroom, moved_in
      UNION ALL
      SELECT showroom.id, moved_in.product_id, 2, 'transfer', 'Shop', home.id, 'Demo showroom stock' FROM home, showroom, moved_in`);
  });
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
  if (opts.demoUsers) {
    await seedDemoUsers();
    await seedShowroom();
  }
  // Vacuumed as well as analysed: the embedded database has no autovacuum, so this start is when
  // the row versions the last run left dead (orders' stock updates, edits) are cleared, and when
  // the visibility map that lets counts read indexes alone is written (after an import, catalogue
  // reads are otherwise slower until it is). On a catalogue
  // vacuumed by the last start it costs about what ANALYZE alone did. VACUUM runs outside a transaction.
  await db.execute(sql`VACUUM ANALYZE`);
}
