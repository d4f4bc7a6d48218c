/**
 * /admin/stock/locations — Stock locations (docs/stock.md "Locations"): the warehouse and showrooms,
 * each with its address, whether customers collect there, the zones it ships to and the units it
 * holds; add, edit and archive through /api/stock-locations. Staff with stock.manage.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { LocationManager } from '@/components/stock/admin/location-manager';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { listStockLocations, stockLocationChoices } from '@/lib/stock/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Stock locations' };

export default async function StockLocationsPage() {
  const me = await requirePageAdmin('/admin/stock/locations', 'stock.manage');
  const data = await Promise.all([listStockLocations(me), stockLocationChoices(me)]).catch((e: unknown) => void console.error('[admin] stock locations failed', e));
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/stock" className="text-muted hover:text-brand">
          ← Stock
        </Link>
      </p>
      <AdminPageHeader title="Stock locations" description="Where stock is kept. A location is archived rather than deleted, once it holds nothing; its history stays." />
      {data ? <LocationManager locations={data[0]} pickups={data[1].pickupLocations} zones={data[1].zones} /> : <ErrorBanner messages={['Failed to load the stock locations. Please try again.']} />}
    </>
  );
}
