/**
 * /admin/reviews — the Reviews queue: customers' reviews by status (?status=pending,
 * the default, approved, rejected or all; ?page=), 20 a page, pending oldest first; approve,
 * reject with a reason, reply publicly.
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { ReviewQueue } from '@/components/reviews/admin/review-queue';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { listReviewQueue } from '@/lib/reviews/queries';
import { reviewQueueQuery } from '@/lib/reviews/schemas';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Reviews' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ReviewsPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await requirePageAdmin('/admin/reviews', 'reviews.moderate');
  const parsed = reviewQueueQuery.safeParse(await searchParams);
  const query = parsed.success ? parsed.data : {};
  const status = query.status ?? 'pending';
  const data = await Promise.all([listReviewQueue(admin, { status, page: query.page }), getShopSettings()]).catch((e: unknown) => void console.error('[admin] review queue failed', e));
  return (
    <>
      <AdminPageHeader title="Reviews" description="Customers' reviews of what they bought. Approved reviews appear on the product page and count in its rating." />
      {data ? <ReviewQueue data={data[0]} status={status} timeZone={data[1].timeZone} /> : <ErrorBanner messages={['Failed to load the reviews. Please try again.']} />}
    </>
  );
}
