/** /admin/merchant — Merchant Management: brands and suppliers (spec §2). */
import type { Metadata } from 'next';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { MerchantManager } from './merchant-manager';

export const metadata: Metadata = { title: 'Merchant Management' };

export default async function MerchantManagementPage() {
  await requirePageAdmin('/admin/merchant');
  return <MerchantManager />;
}
