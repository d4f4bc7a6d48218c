/** The parts of the catalogue contract (GET /api/products, GET /api/categories, GET /api/brands) the admin table uses. */
import type { ProductImageJson, ProductJson } from '@/lib/catalog/types';

export type AdminProductImage = ProductImageJson;

/** The fields of a Product (spec §3) the table shows and edits. */
export type AdminProduct = Pick<ProductJson, 'product_id' | 'sku' | 'name' | 'price' | 'stock' | 'category_id' | 'brand_id' | 'featured' | 'images'> &
  Partial<Pick<ProductJson, 'description' | 'material' | 'color' | 'size' | 'variant_group' | 'function' | 'category_name' | 'room_name'>>;

export type ProductPageJson = { products: AdminProduct[]; currentPage: number; totalPages: number };

export type CategoryJson = { category_id: number; name: string; slug?: string; subcategories: { category_id: number; name: string; slug?: string }[] };

export type BrandOption = { brand_id: number; name: string };

/** A row's editable values as the table holds them (price and stock as typed). */
export type RowDraft = {
  name: string;
  price: string;
  sku: string;
  stock: string;
  category_id: number | null;
  brand_id: number | null;
  featured: boolean;
};
export type DraftField = keyof RowDraft;
export type RowErrors = Partial<Record<DraftField | 'row', string>>;
