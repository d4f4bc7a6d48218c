/**
 * Shapes of the catalogue contract (spec §3 Product, Promotional product, Paged product response,
 * Category). Types only: safe to import from client components.
 * Prices in these JSON shapes are decimal dollars (store currency); lengths are whole centimetres.
 */

export type SortOrder = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'name';
export const SORT_ORDERS: readonly SortOrder[] = ['relevance', 'newest', 'price_asc', 'price_desc', 'name'];

export type Range = { min?: number; max?: number };

/** Filters, search and paging for listProducts / getFacets (parsed from the query string by lib/validation/catalog.ts). */
export type ProductListParams = {
  /** 1-based; clamped to 1..totalPages. */
  page?: number;
  /** Page size, default 18, clamped to 1..100. */
  limit?: number;
  /** Full-text + typo-tolerant search; blank means no search. */
  q?: string;
  /** Rooms or subcategories; a room means all of its subcategories. Several ids: any of them. */
  categoryIds?: number[];
  style?: string[];
  function?: string[];
  mobility?: string[];
  /** Centimetres, inclusive. Products without that measurement do not match a range. */
  width?: Range;
  height?: Range;
  depth?: Range;
  /** Default 'relevance' (best search match first; without a search, featured then newest). */
  sort?: SortOrder;
  /** true: every image of each product; false/unset: only the primary image (enough for a card). */
  includeImages?: boolean;
};

/** spec §3 Product image. */
export type ProductImageJson = { image_id: number; image_url: string; sort_order: number; is_primary: boolean };

/** spec §3 Product, plus snake_case extras the shop's pages use. */
export type ProductJson = {
  product_id: number;
  sku: string;
  name: string;
  description: string | null;
  /** The product's primary subcategory. */
  category_id: number | null;
  brand_id: number | null;
  material: string | null;
  style: string | null;
  color: string | null;
  /** Size as sold, e.g. "140x80 cm". */
  size: string | null;
  /** Current selling price, decimal dollars. */
  price: number;
  stock: number;
  featured: boolean;
  images: ProductImageJson[];
  width_cm: number | null;
  height_cm: number | null;
  depth_cm: number | null;
  function: string | null;
  mobility: string | null;
  category_name: string | null;
  category_slug: string | null;
  /** The room (top-level category) of the primary subcategory. */
  room_id: number | null;
  room_name: string | null;
  room_slug: string | null;
  brand_name: string | null;
  supplier_id: number | null;
  designer: string | null;
  /** The model this product is a variant of (same piece in other colours or sizes), e.g. "kivik-3-seat-sofa"; null when it has none. */
  variant_group: string | null;
  /**
   * Only on a single product (GET /api/products/{id}): every live product of its variant group,
   * this one included, ordered by colour, then price; [] when it has no variants.
   */
  variants?: VariantJson[];
  /** Price before the promotion, decimal dollars; present only while the product is on promotion. */
  original_price?: number;
  /** Rounded percentage saved; present only while on promotion. */
  percent_saved?: number;
  /** Campaign name of the promotion; present only while on promotion. */
  promotion_name?: string;
  in_stock: boolean;
  /** ISO 8601. */
  created_at: string;
  updated_at: string;
};

/** One variant of a model (ProductJson.variants): enough to offer it as a colour or size choice. */
export type VariantJson = {
  product_id: number;
  sku: string;
  name: string;
  color: string | null;
  size: string | null;
  /** Current selling price, decimal dollars. */
  price: number;
  stock: number;
  in_stock: boolean;
};

/** spec §3 Promotional product (camelCase as the spec names it), decimal dollars. */
export type PromotionalProductJson = {
  id: number;
  product_id: number;
  sku: string;
  name: string;
  description: string | null;
  originalPrice: number;
  promotionalPrice: number;
  percentSaved: number | null;
  images: ProductImageJson[];
  /** The primary image's address, or null when the product has no image. */
  imageUrl: string | null;
  stock: number;
  in_stock: boolean;
  color: string | null;
  size: string | null;
  category_name: string | null;
  room_name: string | null;
};

/** spec §3 Promotion group. */
export type PromotionGroupJson = { id: number; name: string; products: PromotionalProductJson[] };

/** spec §3 Paged product response (+ total). */
export type ProductPage = { products: ProductJson[]; currentPage: number; totalPages: number; total: number };

export type SubcategoryNode = { category_id: number; name: string; slug: string };
export type CategoryNode = { category_id: number; name: string; slug: string; subcategories: SubcategoryNode[] };

export type FacetValue = { value: string; count: number };
export type DimensionRange = { min: number | null; max: number | null };

/** Counts for the products page filters; each facet's counts honour the search and every OTHER filter. */
export type Facets = {
  categories: (SubcategoryNode & { count: number; subcategories: (SubcategoryNode & { count: number })[] })[];
  style: FacetValue[];
  function: FacetValue[];
  mobility: FacetValue[];
  dimensions: { width: DimensionRange; height: DimensionRange; depth: DimensionRange };
};
