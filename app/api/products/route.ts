// GET /api/products — one page of products with filters and search (spec §7 storefront and admin)
// POST /api/products — create a product, multipart form with fields and images (spec §7 admin)
import { createProduct } from '@/lib/catalog/admin/product-service';
import { readProductRequest } from '@/lib/catalog/admin/product-request';
import { listProducts } from '@/lib/catalog/read/queries';
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/read/cache';
import { json, route } from '@/lib/http/route';
import { parseProductQuery } from '@/lib/catalog/query-schema';
import { productCreateSchema } from '@/lib/catalog/admin/product-schema';

/**
 * Query (read by parseProductQuery, lib/catalog/query-schema.ts, which lists every parameter):
 * page, limit, include_images, q|query|search, category (ids, repeated or comma list; a room means
 * its subcategories), style, function, mobility, width/height/depth _min/_max (cm), on_sale, sort.
 * 200 → { products: Product[], currentPage, totalPages, total } (prices in decimal dollars);
 * page is clamped to 1..totalPages. 400 → { message, code } for a bad value (e.g. page=abc).
 */
export const GET = route({ auth: 'public', query: parseProductQuery }, async ({ query }) =>
  json(await listProducts(query), 200, { headers: PUBLIC_CACHE_HEADERS }),
);

/**
 * Admin only. Body: multipart/form-data — the product fields (name, sku, price in decimal
 * dollars, stock, category_id, brand_id, supplier_id, featured, description, material, style,
 * color, size, function, mobility, width_cm, height_cm, depth_cm), `images` (files, repeated) and
 * optional `imageMeta` (JSON list of {sort_order, is_primary}, one per file) — or the same fields
 * as JSON. Full description of the parts: lib/catalog/admin/product-request.ts.
 * 201 → Product (spec §3, as GET /api/products/{id}); 400 invalid field, unknown category / brand /
 * supplier, or an image that is not JPEG/PNG/WebP/AVIF; 413 an image over MAX_IMAGE_BYTES
 * (lib/storage/images.ts); 401/403; 409 SKU already used. Nothing is stored when the request fails.
 */
export const POST = route({ auth: 'admin' }, async ({ req, user }) => {
  const { fields, images } = await readProductRequest(req, productCreateSchema);
  return json(await createProduct(user, fields, images), 201);
});
