/**
 * /admin/categories — Categories: rooms and their subcategories with the number
 * of products listed in each; add, rename, move a subcategory to another room, delete (refused
 * with the reason while products or subcategories remain). Read on the server; changes go through
 * /api/categories and the page is read again (components/catalog/admin/category-manager.tsx).
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { CategoryManager } from '@/components/catalog/admin/category-manager';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { listAdminCategories } from '@/lib/catalog/admin/category-service';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Categories' };

export default async function CategoriesPage() {
  const me = await requirePageAdmin('/admin/categories', 'products.write');
  const tree = await listAdminCategories(me).catch((e: unknown) => void console.error('[admin/categories] list failed', e));
  return (
    <>
      <AdminPageHeader title="Categories" description="Rooms and their subcategories, as shoppers see them in the menu and the filters." />
      {tree ? <CategoryManager tree={tree} /> : <ErrorBanner messages={['Failed to fetch categories. Please try again later.']} />}
    </>
  );
}
