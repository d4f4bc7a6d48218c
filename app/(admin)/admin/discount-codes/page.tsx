/**
 * /admin/discount-codes — Discount codes: every code with its uses and state,
 * a form to create one (react-hook-form + zod), and Switch off / Switch on per code. Reads on the
 * server; changes go through /api/discount-codes (components/discounts/admin/discount-codes-manager.tsx).
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { DiscountCodesManager } from '@/components/discounts/admin/discount-codes-manager';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { listCategoryChoices, listDiscountCodes } from '@/lib/discounts/service';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Discount codes' };

export default async function DiscountCodesPage() {
  const admin = await requirePageAdmin('/admin/discount-codes', 'discounts.write');
  const data = await Promise.all([listDiscountCodes(admin), listCategoryChoices(admin), getShopSettings()]).catch((e: unknown) => void console.error('[admin] discount codes failed', e));
  return (
    <>
      <AdminPageHeader
        title="Discount codes"
        description="Codes customers enter at order confirmation. A use is an order carrying the code that is not cancelled: a cancelled or expired order gives its use back."
      />
      {data ? (
        <DiscountCodesManager codes={data[0]} categories={data[1]} currency={data[2].currency} timeZone={data[2].timeZone} />
      ) : (
        <ErrorBanner messages={['Failed to load the discount codes. Please try again.']} />
      )}
    </>
  );
}
