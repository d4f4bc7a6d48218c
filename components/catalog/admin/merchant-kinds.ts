/**
 * The two Merchant Management tabs as configurations of one list: Brands (name, description;
 * /api/brands) and Suppliers (name, contact info; /api/suppliers). Brand or supplier, a row is
 * { id, name, detail }.
 */
import { api } from '@/lib/api/client';
import { brandSchema } from '@/lib/catalog/admin/brand-schema';
import type { BrandJson, SupplierJson } from '@/lib/catalog/contracts';
import { supplierSchema } from '@/lib/catalog/admin/supplier-schema';

export type MerchantRow = { id: number; name: string; detail: string | null };

export type MerchantKind<T> = {
  singular: 'brand' | 'supplier';
  plural: 'brands' | 'suppliers';
  /** The detail's field in the API's body, and its column heading. */
  detailKey: 'description' | 'contact_info';
  detailLabel: string;
  /** The API's rules for a body (checked before anything is sent). */
  schema: typeof brandSchema | typeof supplierSchema;
  toRow: (item: T) => MerchantRow;
  list: () => Promise<T[]>;
  create: (name: string, detail: string) => Promise<unknown>;
  update: (id: number, name: string, detail: string) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
};

export const BRANDS: MerchantKind<BrandJson> = {
  singular: 'brand',
  plural: 'brands',
  detailKey: 'description',
  detailLabel: 'Description',
  schema: brandSchema,
  toRow: (b) => ({ id: b.brand_id, name: b.name, detail: b.description }),
  list: () => api.catalog.brands(),
  create: (name, description) => api.catalog.createBrand({ name, description }),
  update: (id, name, description) => api.catalog.updateBrand(id, { name, description }),
  remove: (id) => api.catalog.deleteBrand(id),
};

export const SUPPLIERS: MerchantKind<SupplierJson> = {
  singular: 'supplier',
  plural: 'suppliers',
  detailKey: 'contact_info',
  detailLabel: 'Contact Info',
  schema: supplierSchema,
  toRow: (s) => ({ id: s.supplier_id, name: s.name, detail: s.contact_info }),
  list: () => api.catalog.suppliers(),
  create: (name, contact_info) => api.catalog.createSupplier({ name, contact_info }),
  update: (id, name, contact_info) => api.catalog.updateSupplier(id, { name, contact_info }),
  remove: (id) => api.catalog.deleteSupplier(id),
};

/** "brand" → "Brand". */
export const capital = (s: string) => s[0].toUpperCase() + s.slice(1);
