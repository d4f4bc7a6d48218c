/**
 * /admin/search — what shoppers searched for over the last 7 or 30 days (?days=30), with a link
 * from each query to the synonyms editor (docs/search.md "What shoppers searched for").
 */
import type { Metadata } from 'next';
import { AdminPageHeader } from '@/components/admin/status';
import { SearchReport } from '@/components/admin/search/search-report';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { reportPeriodOf } from '@/lib/catalog/search/analytics-report';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Search' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SearchAdminPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await requirePageAdmin('/admin/search');
  const sp = await searchParams;
  return (
    <>
      <AdminPageHeader title="Search" description="What shoppers look for in the shop, and the words that find nothing." />
      <SearchReport admin={admin} days={reportPeriodOf(sp.days)} />
    </>
  );
}
