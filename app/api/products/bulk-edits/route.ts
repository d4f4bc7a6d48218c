// POST /api/products/bulk-edits — preview or apply one change to many products (admin; docs/back-office.md "Bulk edit")
import { route } from '@/lib/http/route';
import { bulkEditSchema } from '@/lib/catalog/admin/bulk-edit-schema';
import { bulkEditProducts } from '@/lib/catalog/admin/bulk-edit';
import { notePriceDrops } from '@/lib/saved/price-drop';
import { kickDelivery } from '@/lib/mail/deliver';

/**
 * Body {selection: {ids} | {filter, expected_count}, changes, preview?, campaign?}
 * (lib/catalog/admin/bulk-edit-schema.ts) → 200 {bulk_edit_id (null for a preview), preview,
 * count, rows: the first 10 products before → after, dollars}. 400 bad input, a filter the list
 * refuses, a price that would fall to $0.00 or below or a compare-at not above the new price
 * (naming the product); 401/403 (products.write; prices.write for price and compare-at changes);
 * 409 ticked products gone or the filter matching another count than the preview. One
 * transaction: nothing changes when it fails. Lower prices write the saved items' price-drop
 * e-mails in it (docs/saved-items.md).
 */
export const POST = route({ auth: 'admin', body: bulkEditSchema }, async ({ user, body }) => {
  const result = await bulkEditProducts(user, body, { onPriceChange: notePriceDrops });
  if (!result.preview) kickDelivery();
  return result;
});
