/**
 * /admin/stock — Stock (docs/stock.md "The back office"): each product's on hand, reserved and
 * available units per stock location, searched by name or SKU and filtered by location and stock
 * state through the page's address (?q&location_id&state&page, as GET /api/stock-levels reads
 * them), 25 a page; per row Adjust and Transfer, and the product's history. Staff with stock.manage.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { PageLinks, StockFilters, StockTable } from '@/components/stock/admin/stock-levels';
import { adminButtonClass } from '@/components/ui/button';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { listStockLevels, listStockLocations } from '@/lib/stock/queries';
import { stockLevelQuerySchema } from '@/lib/stock/schemas';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Stock' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StockPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requirePageAdmin('/admin/stock', 'stock.manage');
  const sp = await searchParams;
  const raw = Object.fromEntries(Object.entries(sp).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  const parsed = stockLevelQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : {};
  const data = await Promise.all([listStockLevels(me, query), listStockLocations(me)]).catch((e: unknown) => void console.error('[admin] stock failed', e));
  const locations = data ? data[1].filter((l) => !l.archived).map((l) => ({ id: l.location_id, name: l.name })) : [];
  return (
    <>
      <AdminPageHeader
        title="Stock"
        description="Units on hand at each location, those held for orders, and what is left to sell. Every change is kept in the product's history."
        actions={
          <Link href="/admin/stock/locations" className={adminButtonClass('secondary')}>
            Stock locations
          </Link>
        }
      />
      {parsed.success ? null : <ErrorBanner messages={[parsed.error.issues[0]?.message ?? 'Please check the filters.']} className="mb-4" />}
      {data ? (
        <>
          <StockFilters filter={query} locations={locations} threshold={data[0].low_stock_threshold} />
          <StockTable data={data[0]} locations={locations} />
          <PageLinks base="/admin/stock" filter={{ q: query.q, location_id: query.location_id, state: query.state }} page={data[0].page} totalPages={data[0].totalPages} />
        </>
      ) : (
        <ErrorBanner messages={['Failed to load the stock. Please try again.']} />
      )}
    </>
  );
}
