/**
 * Migration 0018_catalogue_data brings a catalogue seeded under the old rules in line with the
 * importer's (docs/catalogue.md "Catalogue import"): it classes parcels without a full size by their
 * kind exactly as db/shipping-class.ts does, drops the "other colours" claim from imported
 * descriptions, and merges style, function and mobility values that differ only in case.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { products } from '@/db/schema';
import { shippingClassFor } from '@/db/shipping-class';
import { importRealCatalogue } from '../support/catalog';

const MIGRATION = path.join(process.cwd(), 'db', 'migrations', '0018_catalogue_data.sql');

async function runMigration() {
  for (const statement of fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
}

beforeAll(async () => {
  await importRealCatalogue();
});

describe('migration 0018_catalogue_data on a catalogue seeded before it', () => {
  test('parcels without a full size become bulky by their kind, by the same rule as the importer', async () => {
    const all = await db.select({ id: products.id, name: products.name, w: products.widthCm, h: products.heightCm, d: products.depthCm, cls: products.shippingClass }).from(products);
    // The old rule: by the known sides only, so a sofa without width and depth was a parcel.
    const byKindOnly = all.filter((p) => p.cls === 'bulky' && shippingClassFor({ widthCm: p.w, heightCm: p.h, depthCm: p.d }) === 'parcel');
    expect(byKindOnly.length).toBeGreaterThan(100);
    await db.update(products).set({ shippingClass: 'parcel' }).where(inArray(products.id, byKindOnly.map((p) => p.id)));
    const [collect] = byKindOnly;
    await db.update(products).set({ shippingClass: 'collect_only' }).where(eq(products.id, collect.id));

    await runMigration();

    const after = await db.select({ id: products.id, name: products.name, w: products.widthCm, h: products.heightCm, d: products.depthCm, cls: products.shippingClass }).from(products);
    const wrong = after.filter((p) => p.id !== collect.id && p.cls !== shippingClassFor({ widthCm: p.w, heightCm: p.h, depthCm: p.d, name: p.name }));
    expect(wrong.map((p) => p.name)).toEqual([]);
    expect(after.find((p) => p.id === collect.id)!.cls).toBe('collect_only');
    const [kivik] = await db.select({ cls: products.shippingClass }).from(products).where(eq(products.externalId, '19305572'));
    expect(kivik.cls).toBe('bulky');
  });

  test('imported descriptions lose "Also available in other colours."; facet values differing in case are merged', async () => {
    const [a, b, c, d, e] = await db.select({ id: products.id, description: products.description }).from(products).orderBy(products.id).limit(5);
    await db.update(products).set({ description: `${a.description} Also available in other colours.` }).where(eq(products.id, a.id));
    await db.update(products).set({ style: 'upholstered', function: 'seating', mobility: ' freestanding ' }).where(eq(products.id, b.id));
    await db.update(products).set({ style: 'Scandi' }).where(inArray(products.id, [c.id, d.id]));
    await db.update(products).set({ style: 'SCANDI ' }).where(eq(products.id, e.id));

    await runMigration();

    const [first] = await db.select({ description: products.description }).from(products).where(eq(products.id, a.id));
    expect(first.description).toBe(a.description);
    const [second] = await db.select().from(products).where(eq(products.id, b.id));
    expect([second.style, second.function, second.mobility]).toEqual(['Upholstered', 'Seating', 'Freestanding']);
    const styles = await db.select({ style: products.style }).from(products).where(inArray(products.id, [c.id, d.id, e.id]));
    expect(styles.map((s) => s.style)).toEqual(['Scandi', 'Scandi', 'Scandi']);
    for (const column of ['style', 'function', 'mobility'] as const) {
      const res = await db.execute(sql.raw(`SELECT count(DISTINCT ${column})::int AS spellings, count(DISTINCT lower(btrim(${column})))::int AS facets FROM products`));
      const [row] = (res as unknown as { rows: { spellings: number; facets: number }[] }).rows;
      expect(row.spellings, column).toBe(row.facets);
    }
  });
});
