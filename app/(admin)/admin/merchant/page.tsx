/**
 * /admin/merchant — Merchant Management: brands and suppliers (spec §2). Both lists are read on the
 * server for the first paint (a failed read shows its tab's error); changes go through /api/brands
 * and /api/suppliers (components/catalog/admin/merchant-manager.tsx).
 */
import type { Metadata } from 'next';
import { AdminPageHeader } from '@/components/admin/status';
import { MerchantManager } from '@/components/catalog/admin/merchant-manager';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { listBrands, listSuppliers } from '@/lib/catalog/admin/merchants';

export const metadata: Metadata = { title: 'Merchant Management' };

/** The list, or null (logged) when it could not be read. */
async function orNull<T>(what: string, read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (e) {
    console.error(`[admin/merchant] ${what}`, e);
    return null;
  }
}

export default async function MerchantManagementPage() {
  const me = await requirePageAdmin('/admin/merchant', 'products.write');
  const [brands, suppliers] = await Promise.all([orNull('brands', listBrands()), orNull('suppliers', listSuppliers(me))]);
  return (
    <>
      <AdminPageHeader title="Merchant Management" description="The brands shown to shoppers and the suppliers you buy from." />
      <MerchantManager brands={brands} suppliers={suppliers} />
    </>
  );
}
