// POST /api/products/bulk-edits/{id}/undo — undo a bulk edit (admin; docs/back-office.md "Bulk edit")
import { idParams, route } from '@/lib/http/route';
import { undoBulkEdit } from '@/lib/catalog/admin/bulk-edit';
import { notePriceDrops } from '@/lib/saved/price-drop';
import { kickDelivery } from '@/lib/mail/deliver';

/**
 * → 200 {bulk_edit_id, count, message}: every product of the edit back to its values before it, in
 * one transaction. 401/403 (products.write; prices.write when it changed prices); 404 unknown id;
 * 409 already undone, or a product changed, archived or deleted since (named; nothing changed).
 */
export const POST = route({ auth: 'admin', params: idParams }, async ({ user, params }) => {
  const result = await undoBulkEdit(user, params.id, { onPriceChange: notePriceDrops });
  kickDelivery();
  return result;
});
