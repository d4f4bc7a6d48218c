/** The parts of the catalogue contract (GET /api/products, GET /api/categories, GET /api/brands) the admin table uses. */
export type AdminProductImage = { image_id: number; image_url: string; sort_order: number; is_primary: boolean };

export type AdminProduct = {
  product_id: number;
  sku: string;
  name: string;
  /** Decimal dollars (the contract allows a number or a numeric string). */
  price: number | string;
  stock: number;
  category_id: number | null;
  brand_id: number | null;
  featured: boolean;
  images: AdminProductImage[];
};

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
