/**
 * The product CSV import at 10,000 rows (docs/catalogue.md "CSV import and export"), on the database
 * of PGLITE_DIR / DATABASE_URL, migrated and seeded first (the real catalogue): a file of N new
 * products (default 10,000) in the export's format, each with a category, a brand, dimensions and
 * stock at every stock location, is
 *   1. dry-run, then applied (N created: N products, N×locations `count` ledger rows, N audit rows);
 *   2. applied again (N unchanged: nothing written);
 *   3. applied with every price and one stock figure per row changed (N updated).
 * Each step shows a progress bar (stderr) and prints one JSON line with its seconds; the import is
 * the service's own function (lib/catalog/admin/product-csv.ts), as POST /api/products/import calls
 * it, minus the HTTP upload. Never run it against a shop's real database.
 * Usage: PGLITE_DIR=.data/bench-import npx tsx --conditions=react-server bench/product-import.ts [rows=10000]
 *        DATABASE_URL=postgres://… npx tsx --conditions=react-server bench/product-import.ts
 */
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { closeDatabase, databaseKind, db } from '../db/client';
import { ALL_PERMISSIONS } from '../lib/auth/permission-list';
import type { SessionUser } from '../lib/auth/guards';
import { importProductsCsv, type ImportProgress } from '../lib/catalog/admin/product-csv';
import type { ProductImportReport } from '../lib/catalog/admin/product-csv-format';

const rows = Number(process.argv[2] ?? 10_000);

const { migrateDatabase } = await import('../db/bootstrap');
const { seedIfEmpty } = await import('../db/seed-data');
await migrateDatabase();
await seedIfEmpty({ demoUsers: true });

const [admin] = (await db.execute(sql`SELECT id, user_name FROM users WHERE is_admin ORDER BY id LIMIT 1`)).rows as { id: number; user_name: string }[];
const actor: SessionUser = { id: admin.id, userName: admin.user_name, email: 'bench@totarahome.test', isAdmin: true, permissions: ALL_PERMISSIONS };
const ctx = { pricesIncludeGst: true };

const cats = (await db.execute(sql`SELECT r.name || ' > ' || c.name AS path FROM categories c JOIN categories r ON r.id = c.parent_id ORDER BY c.id`)).rows as { path: string }[];
const brandNames = (await db.execute(sql`SELECT name FROM brands ORDER BY id`)).rows as { name: string }[];
const locations = (await db.execute(sql`SELECT name FROM stock_locations WHERE archived_at IS NULL ORDER BY sort_order, id`)).rows as { name: string }[];
const run = Date.now().toString(36).toUpperCase();

/** The file: N new products, the price and first stock figure shifted by `bump`. */
function file(bump: number): string {
  const header = ['sku', 'name', 'description', 'category', 'brand', 'price', 'width_cm', 'height_cm', 'depth_cm', 'shipping_class', ...locations.map((l) => `stock:${l.name}`), 'featured', 'status'];
  const body = Array.from({ length: rows }, (_, i) => [
    `BENCH-${run}-${String(i).padStart(5, '0')}`,
    `BENCHA Side table ${i}`,
    'A side table of solid pine, clear lacquered. Assembly required.',
    cats[i % cats.length].path,
    brandNames.length ? brandNames[i % brandNames.length].name : '',
    (49 + (i % 400) + bump).toFixed(2),
    String(40 + (i % 60)),
    String(45 + (i % 30)),
    String(40 + (i % 20)),
    'parcel',
    ...locations.map((_, j) => String((i % 12) + j + (j === 0 ? bump : 0))),
    i % 50 === 0 ? 'true' : 'false',
    'active',
  ]);
  return stringify(body, { header: true, columns: header });
}

/** A progress bar on stderr, redrawn at most every 100 ms. */
function bar(label: string): ImportProgress & { end(): void } {
  let last = 0;
  let step = '';
  const begun = performance.now();
  const steps: string[] = [];
  const draw = (step: string, done: number, total: number) => {
    const width = 30;
    const filled = total ? Math.round((done / total) * width) : width;
    process.stderr.write(`\r${label.padEnd(20)} ${step.padEnd(9)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}   `);
  };
  const fn = ((p) => {
    if (p.step !== step) {
      step = p.step;
      steps.push(`${p.step} from ${((performance.now() - begun) / 1000).toFixed(1)} s`);
    }
    const now = Date.now();
    if (now - last < 100 && p.done < p.total) return;
    last = now;
    draw(p.step, p.done, p.total);
  }) as ImportProgress & { end(): void };
  fn.end = () => process.stderr.write(`\n  ${steps.join(', ')}\n`);
  return fn;
}

/**
 * Runs one import and times it. After an apply the service drops the catalogue's cached reads,
 * which needs a Next.js request; outside one `revalidateTag` throws once the transaction has
 * committed, so that error ends the step as done (the report is read back from the database).
 */
async function timed(label: string, csv: string, dryRun: boolean): Promise<{ seconds: number; report: ProductImportReport | null }> {
  const progress = bar(label);
  const start = performance.now();
  let report: ProductImportReport | null = null;
  try {
    report = await importProductsCsv(actor, csv, { dryRun, onProgress: progress }, ctx);
  } catch (e) {
    if (!String((e as Error).message).includes('static generation store missing')) throw e;
  }
  const seconds = +((performance.now() - start) / 1000).toFixed(2);
  progress.end();
  return { seconds, report };
}

const countOf = async (q: ReturnType<typeof sql>) => Number(((await db.execute(q)).rows as { n: number }[])[0].n);
const created = () => countOf(sql`SELECT count(*)::int AS n FROM products WHERE sku LIKE ${`BENCH-${run}-%`}`);
const ledgerRows = () => countOf(sql`SELECT count(*)::int AS n FROM stock_ledger l JOIN products p ON p.id = l.product_id WHERE p.sku LIKE ${`BENCH-${run}-%`}`);

const first = file(0);
const bytes = Buffer.byteLength(first);
const line = (step: string, r: { seconds: number; report: ProductImportReport | null }, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ step, database: databaseKind(), rows, locations: locations.length, megabytes: +(bytes / 1024 / 1024).toFixed(2), seconds: r.seconds, counts: r.report?.counts, ...extra }));

line('dry run, new products', await timed('dry run', first, true));
line('apply, new products', await timed('apply (create)', first, false), { products: await created(), ledgerRows: await ledgerRows() });
const ledgerBefore = await ledgerRows();
line('dry run, same file again', await timed('dry run (same)', first, true));
line('apply, same file again', await timed('apply (same)', first, false), { newLedgerRows: (await ledgerRows()) - ledgerBefore });
const second = file(3);
line('dry run, every price and a stock figure changed', await timed('dry run (edit)', second, true));
line('apply, every price and a stock figure changed', await timed('apply (edit)', second, false), { newLedgerRows: (await ledgerRows()) - ledgerBefore });
await closeDatabase();
