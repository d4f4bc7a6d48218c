/**
 * /admin/product — Product Management (spec §2). The first page of products (newest first, every
 * image), the category tree, the brands, the suppliers and the style, function and mobility lists (Edit Details) are read here, so the table paints at once; paging,
 * search and every change then go through the REST API (components/catalog/admin/product-manager.tsx).
 * A read that fails leaves its part empty with a message above the table.
 */
import type { Metadata } from 'next';
import { ProductManager } from '@/components/catalog/admin/product-manager';
import { productListQuery } from '@/components/catalog/admin/product-list-query';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { listFacetChoices } from '@/lib/catalog/admin/facet-choices';
import { listBrands, listSuppliers } from '@/lib/catalog/admin/merchants';
import { getCategoryTree, listProducts } from '@/lib/catalog/read/queries';
import { parseProductQuery } from '@/lib/catalog/query-schema';
import { getShopSettingsCached } from '@/lib/settings/queries';

export const metadata: Metadata = { title: 'Product Management' };

/** `read()`'s answer, or null (logged) when it fails. */
async function orNull<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (e) {
    console.error(`[admin/product] ${what}`, e);
    return null;
  }
}

export default async function ProductManagementPage() {
  const admin = await requirePageAdmin('/admin/product', 'products.write');
  const [{ currency }, page, categories, brands, suppliers, facetChoices] = await Promise.all([
    getShopSettingsCached(),
    orNull('products', () => listProducts(parseProductQuery(productListQuery(1, '')))),
    orNull('categories', getCategoryTree),
    orNull('brands', () => listBrands()),
    orNull('suppliers', () => listSuppliers(admin)),
    orNull('style, function and mobility lists', () => listFacetChoices(admin)),
  ]);
  return <ProductManager initial={{ page, categories, brands, suppliers, facetChoices }} currency={currency} />;
}
