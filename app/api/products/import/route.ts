// POST /api/products/import — products from a CSV file: a dry run (?dry_run=1) or the apply (admin)
import { importProductsCsv } from '@/lib/catalog/admin/product-csv';
import { MAX_IMPORT_BYTES, productImportQuery } from '@/lib/catalog/admin/product-csv-format';
import { route } from '@/lib/http/route';
import { readTextBody } from '@/lib/http/text-body';
import { kickDelivery } from '@/lib/mail/deliver';
import { notePriceDrops } from '@/lib/saved/price-drop';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';

/**
 * Admin (products.write; prices.write for new products and changed prices; stock.manage for changed
 * stock figures). Body: the CSV file itself, Content-Type text/csv, at most MAX_IMPORT_BYTES
 * (10 MB); the columns of GET /api/products/export or a subset with `sku` (docs/catalogue.md "CSV
 * import and export"). `?dry_run=1` → 200 the plan, nothing written; without it → 200 what was
 * applied, in one transaction (stock figures as `count` rows of the stock ledger named by
 * `import_id`). 400 not CSV, wrong header (naming unknown and missing columns), or — applying — any
 * row with an error (nothing written); 401/403; 409 a figure below what orders hold; 413 too large;
 * 415 not text/csv.
 */
export const POST = route({ auth: 'admin', query: productImportQuery }, async ({ req, user, query }) => {
  const text = await readTextBody(req, { mediaTypes: ['text/csv'], maxBytes: MAX_IMPORT_BYTES, what: 'CSV file' });
  const { pricesIncludeGst } = await getShopSettings();
  const result = await importProductsCsv(user, text, { dryRun: query.dry_run }, { pricesIncludeGst }, { onPriceChange: notePriceDrops });
  if (result.applied) kickDelivery();
  return result;
});
