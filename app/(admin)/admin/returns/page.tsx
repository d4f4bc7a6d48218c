/**
 * /admin/returns — the Returns queue: customers' return requests by state (?status=open,
 * the default: requested, approved, received; or one state, or all; ?page=), 20 a page, newest
 * first; approve or decline with a message, mark received, refund with restock.
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { ReturnQueue } from '@/components/orders/admin/return-queue';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { returnQuerySchema } from '@/lib/orders/after-sale-schemas';
import { listReturns } from '@/lib/orders/returns';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Returns' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ReturnsQueuePage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await requirePageAdmin('/admin/returns', 'orders.read');
  const parsed = returnQuerySchema.safeParse(await searchParams);
  const query = parsed.success ? parsed.data : {};
  const status = query.status ?? 'open';
  const data = await Promise.all([listReturns(admin, { status, page: query.page }), getShopSettings()]).catch((e: unknown) => void console.error('[admin] returns queue failed', e));
  return (
    <>
      <AdminPageHeader title="Returns" description="Customers' requests to send items back. Approve or decline them, mark the goods received, then refund them with restock." />
      {data ? <ReturnQueue data={data[0]} status={status} timeZone={data[1].timeZone} collectionFee={data[1].returnCollectionFeeCents / 100} /> : <ErrorBanner messages={['Failed to load the returns. Please try again.']} />}
    </>
  );
}
