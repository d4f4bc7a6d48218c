import { sql } from 'drizzle-orm';
import { closeDatabase, db } from './db/client';
import { countSql, facetsSql, pageSql } from './lib/catalog/listing-sql';
import { READ_SETTINGS } from './lib/catalog/read-guard';
import { normaliseParams } from './lib/catalog/search';
const cases: [string, object][] = [
  ['room1 w<=120 p2', { categoryIds: [1], width: { max: 120 }, page: 2 }],
  ['cat 9 w<=200 price', { categoryIds: [9], width: { max: 200 }, sort: 'price_asc' }],
  ['room 3 h50-120 on sale newest', { categoryIds: [3], height: { min: 50, max: 120 }, onSale: true, sort: 'newest' }],
  ['plain p40', { page: 40 }],
  ['search white chair', { q: 'white chair' }],
];
async function time(s: ReturnType<typeof sql>) {
  return db.transaction(async (tx) => { await tx.execute(READ_SETTINGS); const t = performance.now(); await tx.execute(s); return performance.now() - t; });
}
const med = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const [name, params] of cases) {
  const p = normaliseParams(params);
  const c: number[] = [], pg: number[] = [], f: number[] = [];
  for (let i = 0; i < 7; i++) { c.push(await time(countSql(p))); pg.push(await time(pageSql(p, p.page))); f.push(await time(facetsSql(p))); }
  console.log(name.padEnd(32), 'count', med(c).toFixed(1), 'page', med(pg).toFixed(1), 'facets', med(f).toFixed(1));
}
await closeDatabase();
