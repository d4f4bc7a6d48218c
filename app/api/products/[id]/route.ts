// GET /api/products/{id} — one product (spec §7 storefront)
// PUT /api/products/{id} — update a product's fields and images, multipart form (spec §7 admin)
// DELETE /api/products/{id} — delete a product, or archive it when past orders contain it (spec §7 admin)
import { deleteProduct, updateProduct } from '@/lib/catalog/admin/product-service';
import { readProductRequest } from '@/lib/catalog/admin/product-request';
import { getProduct } from '@/lib/catalog/read/queries';
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/read/cache';
import { notFound } from '@/lib/server/errors';
import { json, route } from '@/lib/http/route';
import { productIdParams } from '@/lib/catalog/query-schema';
import { productUpdateSchema } from '@/lib/catalog/admin/product-schema';
import { notePriceDrops } from '@/lib/saved/price-drop';
import { kickDelivery } from '@/lib/mail/deliver';

/**
 * 200 → Product (spec §3: prices in decimal dollars, all images, original_price/percent_saved while
 * on promotion, category/room/brand names). 400 for a non-numeric id; 404 { message: 'Product not
 * found.' } for an unknown or archived product.
 */
export const GET = route({ auth: 'public', params: productIdParams }, async ({ params }) => {
  const product = await getProduct(params.id);
  if (!product) throw notFound('Product not found.');
  return json(product, 200, { headers: PUBLIC_CACHE_HEADERS });
});

/**
 * Admin only. Body: multipart/form-data — any product fields (left-out fields are unchanged; an
 * empty optional field is cleared), `existingImages` (JSON list of the image ids or URLs to keep,
 * in order; images not listed are removed; left out = keep all), `images` (new files, repeated)
 * and `imageMeta` (JSON list of {sort_order, is_primary}, one per new file: sort_order after the
 * kept ones, is_primary only for the first new file when no image is kept) — or JSON with the
 * fields and optional `existingImages` (API clients, field-only updates). Full description:
 * lib/catalog/admin/product-request.ts.
 * 200 → Product; 400 invalid input or image; 413 image over MAX_IMAGE_BYTES; 401/403; 404 unknown or
 * archived product; 409 SKU used by another product. Nothing changes when the request fails.
 * A lower price writes the saved items' price-drop e-mails in the same transaction (docs/saved-items.md).
 */
export const PUT = route({ auth: 'admin', params: productIdParams }, async ({ req, user, params }) => {
  const { fields, images } = await readProductRequest(req, productUpdateSchema);
  const product = await updateProduct(user, params.id, fields, images, { onPriceChange: notePriceDrops });
  kickDelivery();
  return product;
});

/**
 * Admin only. 200 → { success: true, archived, message }: archived true when order items refer to
 * the product (it is hidden from the shop and kept for order history), false when it was erased
 * with its images. 401/403; 404 unknown or already archived product.
 */
export const DELETE = route({ auth: 'admin', params: productIdParams }, ({ user, params }) => deleteProduct(user, params.id));
