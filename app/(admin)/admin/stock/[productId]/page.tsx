/**
 * /admin/stock/{productId} — a product's stock (docs/stock.md "The back office"): its levels at each
 * location with Adjust and Transfer, and its history from the ledger, newest first, 25 a page
 * (?page). Staff with stock.manage.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { LedgerTable, ProductLevels } from '@/components/stock/admin/stock-history';
import { PageLinks } from '@/components/stock/admin/stock-levels';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { AppError } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';
import { listStockLocations, productStockHistory } from '@/lib/stock/queries';
import { stockLedgerQuerySchema } from '@/lib/stock/schemas';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Stock history' };

type Params = Promise<{ productId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ProductStockPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { productId } = await params;
  const me = await requirePageAdmin(`/admin/stock/${productId}`, 'stock.manage');
  const id = Number(productId);
  if (!Number.isSafeInteger(id) || id < 1) notFound();
  const sp = await searchParams;
  const parsed = stockLedgerQuerySchema.safeParse({ page: typeof sp.page === 'string' ? sp.page : undefined });
  const query = parsed.success ? parsed.data : {};
  const data = await Promise.all([productStockHistory(me, id, query), listStockLocations(me), getShopSettings()]).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'not_found') return 'not_found' as const;
    console.error('[admin] stock history failed', e);
  });
  if (data === 'not_found') notFound();
  const locations = data ? data[1].filter((l) => !l.archived).map((l) => ({ id: l.location_id, name: l.name })) : [];
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/stock" className="text-muted hover:text-brand">
          ← Stock
        </Link>
      </p>
      {data ? (
        <>
          <AdminPageHeader title={data[0].product.name} description={`SKU ${data[0].product.sku} · ${data[0].product.stock} available to sell across every location`} />
          <section aria-labelledby="levels-heading" className="mb-8">
            <h2 id="levels-heading" className="mb-3 font-display text-lg text-ink">
              By location
            </h2>
            <ProductLevels data={data[0]} locations={locations} />
          </section>
          <section aria-labelledby="history-heading">
            <h2 id="history-heading" className="mb-3 font-display text-lg text-ink">
              History
            </h2>
            <LedgerTable data={data[0]} timeZone={data[2].timeZone} />
            <PageLinks base={`/admin/stock/${id}`} filter={{}} page={data[0].page} totalPages={data[0].totalPages} />
          </section>
        </>
      ) : (
        <ErrorBanner messages={['Failed to load the stock history. Please try again.']} />
      )}
    </>
  );
}
