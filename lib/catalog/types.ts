/**
 * Shapes of the catalogue contract (spec §3 Product, Promotional product, Paged product response,
 * Category). Types only: safe to import from client components.
 * Prices in these JSON shapes are decimal dollars (store currency); lengths are whole centimetres.
 */

export type SortOrder = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'name' | 'rating';
export const SORT_ORDERS: readonly SortOrder[] = ['relevance', 'newest', 'price_asc', 'price_desc', 'name', 'rating'];

export type Range = { min?: number; max?: number };

/** Filters, search and paging for listProducts / getFacets (parsed from the query string by lib/catalog/query-schema.ts). */
import type { PromotionalProductJson } from '@/lib/catalog/contracts';

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
  /** true: only products with an active promotion (a price below their original price). */
  onSale?: boolean;
  /** Whole stars 1–5: only products whose approved reviews average at least this (products.rating_average). */
  minRating?: number;
  /** Default 'relevance' (best search match first; without a search, featured then newest). */
  sort?: SortOrder;
  /** true: every image of each product; false/unset: only the primary image (enough for a card). */
  includeImages?: boolean;
};

/** The JSON shapes of spec §3 Product, Promotional product, Promotion group and Paged product response, inferred from the response contracts. */
export type { ProductImageJson, ProductJson, ProductPage, PromotionalProductJson, PromotionGroupJson, VariantJson } from '@/lib/catalog/contracts';

/** A page of every promoted product (the promotions page), with each campaign's product count. */
export type PromotedProductPage = {
  products: PromotionalProductJson[];
  currentPage: number;
  totalPages: number;
  total: number;
  campaigns: { name: string; count: number }[];
};

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
  /** Products on sale under the search and every other filter. */
  onSale: number;
  /** Products rated 4 stars and up under the search and every other filter. */
  fourStarsUp: number;
};
