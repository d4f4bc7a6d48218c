/**
 * Catalogue contracts (spec §3 Product, Promotional product, Promotion group, Paged product
 * response, Category). Prices in decimal dollars; lengths in whole centimetres.
 */
import { z } from 'zod';
import { contracts, count, dateTime, id, money, nullableText } from '@/lib/server/contracts';
import { SHIPPING_CLASSES } from '@/db/statuses';

/** spec §3 Product image. */
export const productImageJson = z.strictObject({ image_id: id, image_url: z.string().min(1), sort_order: z.number().int(), is_primary: z.boolean() }).register(contracts, { id: 'ProductImage' });
export type ProductImageJson = z.infer<typeof productImageJson>;

/** One variant of a model (Product.variants): enough to offer it as a colour or size choice, and its delivery facts. Money in decimal dollars. */
export const variantJson = z
  .strictObject({
    product_id: id,
    sku: z.string().min(1),
    name: z.string().min(1),
    color: nullableText,
    size: nullableText,
    price: money,
    stock: count,
    in_stock: z.boolean(),
    /** How this variant travels (a bigger size may be bulky where a smaller one is a parcel). */
    shipping_class: z.enum(SHIPPING_CLASSES),
    /** Dollars per unit of the assembly service. */
    assembly_fee: money,
  })
  .register(contracts, { id: 'Variant' });
export type VariantJson = z.infer<typeof variantJson>;

/**
 * The fields of spec §3 Product plus the snake_case extras the shop's pages use. A plain shape so
 * new fields are one line here (and `productJson.extend` works for variants of the schema).
 */
export const productFields = {
  product_id: id,
  sku: z.string().min(1),
  name: z.string().min(1),
  description: nullableText,
  /** The product's primary subcategory. */
  category_id: id.nullable(),
  brand_id: id.nullable(),
  material: nullableText,
  style: nullableText,
  color: nullableText,
  /** Size as sold, e.g. "140x80 cm". */
  size: nullableText,
  /** Current selling price, decimal dollars. */
  price: money,
  stock: count,
  featured: z.boolean(),
  images: z.array(productImageJson),
  width_cm: z.number().nullable(),
  height_cm: z.number().nullable(),
  depth_cm: z.number().nullable(),
  /** How it travels: parcel (courier), bulky (two-person team) or collect_only. */
  shipping_class: z.enum(SHIPPING_CLASSES),
  /** Dollars charged per unit by the two-person-with-assembly service (0 = assembled free). */
  assembly_fee: money,
  function: nullableText,
  mobility: nullableText,
  category_name: nullableText,
  category_slug: nullableText,
  /** The room (top-level category) of the primary subcategory. */
  room_id: id.nullable(),
  room_name: nullableText,
  room_slug: nullableText,
  brand_name: nullableText,
  supplier_id: id.nullable(),
  designer: nullableText,
  /** The model this product is a variant of (same piece in other colours or sizes), e.g. "kivik-3-seat-sofa"; null when it has none. */
  variant_group: nullableText,
  /** Average stars of the approved reviews (1–5, two decimals); null while it has none. */
  rating_average: z.number().min(1).max(5).nullable(),
  /** How many approved reviews it has. */
  rating_count: count,
  /** Only on a single product (GET /api/products/{id}): every live product of its variant group, this one included; [] when it has none. */
  variants: z.array(variantJson).optional(),
  /** Price before the promotion, decimal dollars; present only while the product is on promotion. */
  original_price: money.optional(),
  /** Rounded percentage saved; present only while on promotion. */
  percent_saved: z.number().int().min(0).max(100).optional(),
  /** Campaign name of the promotion; present only while on promotion. */
  promotion_name: z.string().optional(),
  in_stock: z.boolean(),
  created_at: dateTime,
  updated_at: dateTime,
};
export const productJson = z.strictObject(productFields).register(contracts, { id: 'Product' });
export type ProductJson = z.infer<typeof productJson>;

/** spec §3 Promotional product (camelCase as the spec names it), decimal dollars. */
export const promotionalProductJson = z
  .strictObject({
    id,
    product_id: id,
    sku: z.string().min(1),
    name: z.string().min(1),
    description: nullableText,
    originalPrice: money,
    promotionalPrice: money,
    percentSaved: z.number().int().nullable(),
    images: z.array(productImageJson),
    /** The primary image's address, or null when the product has no image. */
    imageUrl: z.string().nullable(),
    stock: count,
    in_stock: z.boolean(),
    color: nullableText,
    size: nullableText,
    category_name: nullableText,
    room_name: nullableText,
  })
  .register(contracts, { id: 'PromotionalProduct' });
export type PromotionalProductJson = z.infer<typeof promotionalProductJson>;

/** spec §3 Promotion group. */
export const promotionGroupJson = z.strictObject({ id, name: z.string().min(1), products: z.array(promotionalProductJson) }).register(contracts, { id: 'PromotionGroup' });
export type PromotionGroupJson = z.infer<typeof promotionGroupJson>;

/** spec §3 Paged product response (+ total). */
export const productPageJson = z
  .strictObject({ products: z.array(productJson), currentPage: z.number().int().min(1), totalPages: z.number().int().min(1), total: count })
  .register(contracts, { id: 'ProductPage' });
export type ProductPage = z.infer<typeof productPageJson>;

/**
 * GET /api/products/search: the paged products, and for a search with no results a correction that
 * finds some when there is one (docs/search.md "No dead ends"); absent otherwise.
 */
export const searchPageJson = productPageJson
  .extend({ did_you_mean: z.string().min(1).optional().describe('Only when the search found nothing: a corrected query that finds products ("wardorbe" → "wardrobe")') })
  .register(contracts, { id: 'SearchPage' });
export type SearchPage = z.infer<typeof searchPageJson>;

/** GET /api/categories: spec §3 Category; `id` repeats category_id for the admin client. */
const subcategoryJson = z.strictObject({ category_id: id, id, name: z.string().min(1), slug: z.string().min(1) });
export const categoryJson = subcategoryJson.extend({ subcategories: z.array(subcategoryJson) }).register(contracts, { id: 'Category' });

/** POST /api/categories, PATCH /api/categories/{id}: one category; parent_id null for a room. */
export const adminCategoryJson = subcategoryJson.extend({ parent_id: id.nullable() }).register(contracts, { id: 'AdminCategory' });
export type AdminCategoryJson = z.infer<typeof adminCategoryJson>;

/** DELETE /api/products/{id}: archived when past orders refer to the product. */
export const deleteProductJson = z.strictObject({ success: z.literal(true), archived: z.boolean(), message: z.string().min(1) });
export type DeleteProductResult = z.infer<typeof deleteProductJson>;

/** A product's values a bulk edit changes (only those it changes; money in decimal dollars; compare_at_price null = none). */
export const bulkValuesJson = z.strictObject({
  price: money.optional(),
  compare_at_price: money.nullable().optional(),
  category_id: id.nullable().optional(),
  brand_id: id.nullable().optional(),
  featured: z.boolean().optional(),
  shipping_class: z.enum(SHIPPING_CLASSES).optional(),
  archived: z.boolean().optional(),
});
export type BulkValuesJson = z.infer<typeof bulkValuesJson>;

/** POST /api/products/bulk-edits: how many products, and the first rows before → after; bulk_edit_id null for a preview. */
export const bulkEditJson = z
  .strictObject({
    bulk_edit_id: id.nullable(),
    preview: z.boolean(),
    count: z.number().int().positive(),
    rows: z.array(z.strictObject({ product_id: id, name: z.string().min(1), sku: z.string().min(1), before: bulkValuesJson, after: bulkValuesJson })),
  })
  .register(contracts, { id: 'BulkEdit' });
export type BulkEditJson = z.infer<typeof bulkEditJson>;

/** POST /api/products/bulk-edits/{id}/undo. */
export const bulkUndoJson = z.strictObject({ bulk_edit_id: id, count: z.number().int().positive(), message: z.string().min(1) }).register(contracts, { id: 'BulkEditUndo' });
export type BulkUndoJson = z.infer<typeof bulkUndoJson>;

/** spec §3 Brand. */
export const brandJson = z.strictObject({ brand_id: id, name: z.string().min(1), description: nullableText }).register(contracts, { id: 'Brand' });
export type BrandJson = z.infer<typeof brandJson>;

/** spec §3 Supplier. */
export const supplierJson = z.strictObject({ supplier_id: id, name: z.string().min(1), contact_info: nullableText }).register(contracts, { id: 'Supplier' });
export type SupplierJson = z.infer<typeof supplierJson>;

/** A search synonym set (docs/search.md "Editing synonyms"): words lower case with single spaces; `input` only for one-way. */
export const synonymSetJson = z
  .strictObject({ id, kind: z.enum(['two_way', 'one_way']), input: z.string().min(1).nullable(), terms: z.array(z.string().min(1)).min(1) })
  .register(contracts, { id: 'SynonymSet' });
export type SynonymSetJson = z.infer<typeof synonymSetJson>;

/** One product suggested as a shopper types: its page, its price in cents and as shown, its picture (an upload, else its drawing). */
export const suggestedProductJson = z
  .strictObject({
    product_id: id,
    name: z.string().min(1),
    /** The product's page, site-relative. */
    url: z.string().min(1),
    price_cents: count,
    /** The price as the shop shows it, in the store currency ("$745.80"). */
    price_display: z.string().min(1),
    image_url: z.string().min(1),
    image_alt: z.string(),
    in_stock: z.boolean(),
  })
  .register(contracts, { id: 'SuggestedProduct' });

/**
 * GET /api/search/suggest: suggestions for a search as typed, at most 8 in all, in groups shown in
 * this order. A category or room links to its listing; a brand to a search of its name.
 */
export const suggestionsJson = z
  .strictObject({
    /** The query as received, trimmed. */
    query: z.string(),
    products: z.array(suggestedProductJson),
    categories: z.array(z.strictObject({ category_id: id, name: z.string().min(1), room: nullableText, url: z.string().min(1) })),
    brands: z.array(z.strictObject({ brand_id: id, name: z.string().min(1), url: z.string().min(1) })),
  })
  .register(contracts, { id: 'Suggestions' });
export type SuggestionsJson = z.infer<typeof suggestionsJson>;
