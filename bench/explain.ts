/**
 * EXPLAIN (ANALYZE, BUFFERS) of each catalogue listing statement (lib/catalog/query-plans.ts) on the
 * database of DATABASE_URL / PGLITE_DIR, written to a file and summarised: the scans of products
 * each plan uses, and whether any is a sequential scan (none should be on the search, filter and
 * count paths at 100,000 products; tests/catalog/query-plans.test.ts asserts it at 30,000).
 * Usage: DATABASE_URL=… npx tsx --conditions=react-server bench/explain.ts bench/explain-100k-postgres.txt
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { closeDatabase, databaseKind, db } from '../db/client';
import { catalogueStatements, explainAnalyze, noDeadEndStatements, planScans, vocabularyStatements } from '../lib/catalog/read/query-plans';

const out = process.argv[2] ?? 'bench/explain.txt';
const [{ n }] = (await db.execute(sql`select count(*)::int as n from products`)).rows as { n: number }[];
const version = ((await db.execute(sql`select version() as v`)).rows as { v: string }[])[0].v;
const parts = [`# EXPLAIN (ANALYZE, BUFFERS) of the catalogue's listing statements\n# ${n} products, ${databaseKind()}: ${version}\n# ${new Date().toISOString()}\n`];
let seq = 0;
const statements = [...catalogueStatements(), ...noDeadEndStatements(), ...vocabularyStatements()];
for (const { name, statement } of statements) {
  await explainAnalyze(db, statement); // once to warm the cache, as a repeated shop query would be
  const text = await explainAnalyze(db, statement);
  const productScans = (await planScans(db, statement)).filter((s) => s.endsWith(' on products'));
  const seqScan = productScans.includes('Seq Scan on products');
  if (seqScan) seq++;
  const time = /Execution Time: ([\d.]+ ms)/.exec(text)?.[1];
  console.log(JSON.stringify({ name, products: n, executionTime: time, productScans: [...new Set(productScans)], seqScanOfProducts: seqScan }));
  parts.push(`\n## ${name}\n${text}\n`);
}
fs.writeFileSync(out, parts.join(''));
console.log(`${seq} of ${statements.length} statements scan products sequentially; plans in ${out}`);
await closeDatabase();
