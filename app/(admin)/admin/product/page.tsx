/** /admin/product — Product Management (spec §2). The table itself is a client component using the REST API. */
import type { Metadata } from 'next';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { getShopSettingsCached } from '@/lib/settings/queries';
import { ProductManager } from './product-manager';

export const metadata: Metadata = { title: 'Product Management' };

export default async function ProductManagementPage() {
  await requirePageAdmin('/admin/product');
  const { currency } = await getShopSettingsCached();
  return <ProductManager currency={currency} />;
}
