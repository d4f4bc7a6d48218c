// GET /api/products/{id} — one product (spec §7 storefront)
import { getProduct } from '@/lib/catalog/queries';
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/cache';
import { notFound } from '@/lib/errors';
import { json, route } from '@/lib/http/route';
import { productIdParams } from '@/lib/validation/catalog';

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
