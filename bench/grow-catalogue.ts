/**
 * Grows the catalogue of the database in PGLITE_DIR / DATABASE_URL to N products (default 30,000)
 * by cloning the real products with new SKUs and names, so the benchmark can compare 3,694 rows
 * with 30,000. Migrates and seeds first. Never run it against a shop's real database.
 * Usage: PGLITE_DIR=.data/bench-30k npx tsx bench/grow-catalogue.ts 30000
 */
import { sql } from 'drizzle-orm';
import { migrateDatabase } from '../db/bootstrap';
import { closeDatabase, db } from '../db/client';
import { seedIfEmpty } from '../db/seed-data';

const target = Number(process.argv[2] ?? 30_000);

await migrateDatabase();
await seedIfEmpty({ demoUsers: true });
const words = ['Nordic', 'Harbour', 'Kauri', 'Coastal', 'Studio', 'Loft', 'Heritage', 'Urban', 'Meadow'];
let round = 0;
for (;;) {
  const [{ n }] = (await db.execute(sql`select count(*)::int as n from products`)).rows as { n: number }[];
  if (n >= target) {
    console.log(`catalogue has ${n} products`);
    break;
  }
  const word = words[round % words.length];
  const take = Math.min(target - n, 2962);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into products (sku, name, description, category_id, brand_id, supplier_id, material, style, color, size,
        function, mobility, width_cm, height_cm, depth_cm, price, stock, featured, designer, sellable_online, other_colors, created_at)
      select sku || '-G' || ${round}, name || ' ' || ${word}, description, category_id, brand_id, supplier_id, material, style, color, size,
        function, mobility, width_cm, height_cm, depth_cm, price + ${round} * 100, stock, false, designer, sellable_online, other_colors,
        created_at - make_interval(days => ${round + 1})
      from products where external_id is not null order by id limit ${take}`);
    await tx.execute(sql`
      insert into product_categories (product_id, category_id)
      select id, category_id from products where category_id is not null
      on conflict do nothing`);
  });
  round++;
}
await db.execute(sql`analyze`);
await closeDatabase();
