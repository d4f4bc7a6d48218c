/**
 * Catalogue test data: the real IKEA catalogue imported once per test file (each file has its own
 * fresh database), plus the CSV read independently of the importer, to check the import against.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { categories } from '@/db/schema';
import { importCatalogue, type ImportReport } from '@/db/import/ikea';

let imported: Promise<ImportReport> | undefined;

/** Imports db/data/ikea-sa-furniture.csv into this file's database (once; later calls share the report). */
export function importRealCatalogue(): Promise<ImportReport> {
  imported ??= importCatalogue();
  return imported;
}

export type RawRow = Record<string, string>;

/** The CSV rows as csv-parse reads them, without any of the importer's code. */
export function readCsvRows(): RawRow[] {
  return parse(fs.readFileSync(path.join(process.cwd(), 'db', 'data', 'ikea-sa-furniture.csv')), { columns: true }) as RawRow[];
}

/** A category row by exact name. */
export async function categoryByName(name: string) {
  const [row] = await db.select().from(categories).where(eq(categories.name, name));
  if (!row) throw new Error(`No category named ${name}`);
  return row;
}
