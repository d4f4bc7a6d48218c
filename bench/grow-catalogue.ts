/**
 * Grows the catalogue of the database in PGLITE_DIR / DATABASE_URL to N products (default 30,000)
 * by cloning the real products, so the benchmark can compare the real 2,962 products with 100,000.
 * Migrates and seeds first. Never run it against a shop's real database.
 * Usage: PGLITE_DIR=.data/bench-100k npx tsx bench/grow-catalogue.ts 100000
 *
 * A clone is another family of the same piece, as a real catalogue of that size would hold: its
 * name gets a new family word in front ("FJORDA MALM Bed frame, high"), so the piece's kind noun and
 * the search's behaviour are those of the original, and its SKU is a new article number with its
 * own letter prefix ("G3-904.203.32"), so no clone's SKU starts with a real one (a shopper's
 * "904.203.32" still finds one product, as in the real catalogue). tests/catalog/queries.test.ts
 * runs its search tests on a grown catalogue with GROW_CATALOGUE=N.
 */
import { sql } from 'drizzle-orm';
import { db } from '../db/client';

const FAMILIES = ['FJORDA', 'HAMNVIK', 'KAURI', 'KUSTLIG', 'STUDIOS', 'LOFTA', 'ARVSAM', 'STADIG', 'ÄNGSMARK', 'TOTARA', 'RIMU', 'MATAI'];

/** Clones the imported products (external_id set) until the catalogue holds `target` products; returns the count. */
export async function growCatalogue(target: number): Promise<number> {
  for (let round = 0; ; round++) {
    const [{ n }] = (await db.execute(sql`select count(*)::int as n from products`)).rows as { n: number }[];
    if (n >= target) return n;
    const family = `${FAMILIES[round % FAMILIES.length]}${round >= FAMILIES.length ? ` ${Math.floor(round / FAMILIES.length) + 1}` : ''}`;
    const take = Math.min(target - n, 2962);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into products (sku, name, description, category_id, brand_id, supplier_id, material, style, color, size,
          function, mobility, width_cm, height_cm, depth_cm, price, stock, featured, designer, sellable_online, other_colors, created_at)
        select 'G' || ${round} || '-' || sku, ${family} || ' ' || name, description, category_id, brand_id, supplier_id, material, style, color, size,
          function, mobility, width_cm, height_cm, depth_cm, price + ${round} * 100, stock, false, designer, sellable_online, other_colors,
          created_at - make_interval(days => ${round + 1})
        from products where external_id is not null order by id limit ${take}`);
      await tx.execute(sql`
        insert into product_categories (product_id, category_id)
        select id, category_id from products where category_id is not null
        on conflict do nothing`);
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { migrateDatabase } = await import('../db/bootstrap');
  const { closeDatabase } = await import('../db/client');
  const { seedIfEmpty } = await import('../db/seed-data');
  await migrateDatabase();
  await seedIfEmpty({ demoUsers: true });
  const n = await growCatalogue(Number(process.argv[2] ?? 30_000));
  // As autovacuum leaves a production PostgreSQL after a bulk load, and as the embedded database is
  // after its start (db/seed-data.ts): the visibility map written, statistics fresh.
  await db.execute(sql`VACUUM ANALYZE`);
  console.log(`catalogue has ${n} products`);
  await closeDatabase();
}
