/**
 * The Stock screen's parts (server-rendered; docs/stock.md "The back office"): the filter form,
 * which reads and writes the page's address (GET), the levels table with each row's Adjust and
 * Transfer, and Previous / Next as links.
 */
import Link from 'next/link';
import clsx from 'clsx';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { adminButtonClass } from '@/components/ui/button';
import type { StockLevelJson, StockLevelPageJson } from '@/lib/stock/contracts';
import type { StockLevelQuery } from '@/lib/stock/schemas';
import { StockRowActions, type LocationChoice } from './stock-dialogs';

/** The filter as URL search parameters (blank ones left out), with `page` when past the first. */
export function stockSearch(filter: Record<string, string | number | undefined>, page = 1): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '' && k !== 'page' && !(k === 'state' && v === 'all')) params.set(k, String(v));
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Previous / Next as links of the same address. */
export function PageLinks({ base, filter, page, totalPages }: { base: string; filter: Record<string, string | number | undefined>; page: number; totalPages: number }) {
  const link = (to: number, label: string, disabled: boolean) =>
    disabled ? (
      <span aria-disabled="true" className={adminButtonClass('secondary', 'md', 'cursor-not-allowed opacity-50')}>
        {label}
      </span>
    ) : (
      <Link href={`${base}${stockSearch(filter, to)}`} className={adminButtonClass('secondary')}>
        {label}
      </Link>
    );
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-3 py-4 text-sm">
      {link(page - 1, 'Previous', page <= 1)}
      <span className="text-muted" data-testid="page-indicator">
        Page {page} of {totalPages}
      </span>
      {link(page + 1, 'Next', page >= totalPages)}
    </nav>
  );
}

export function StockFilters({ filter, locations, threshold }: { filter: StockLevelQuery; locations: LocationChoice[]; threshold: number }) {
  return (
    <form method="get" action="/admin/stock" role="search" aria-label="Filter stock" className="mb-4 grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]">
      <AdminField label="Product or SKU">
        <input type="search" name="q" defaultValue={filter.q ?? ''} placeholder="e.g. Rimu stool or TH-1042" className={adminInputClass} />
      </AdminField>
      <AdminField label="Location">
        <select name="location_id" defaultValue={filter.location_id ?? ''} className={adminInputClass}>
          <option value="">Every location</option>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField label="Stock">
        <select name="state" defaultValue={filter.state ?? 'all'} className={adminInputClass}>
          <option value="all">Any level</option>
          <option value="low">Low ({threshold} or fewer available)</option>
          <option value="out">None available</option>
        </select>
      </AdminField>
      <div className="flex items-end gap-2">
        <button type="submit" className={adminButtonClass('primary')}>
          Filter
        </button>
        <Link href="/admin/stock" className={adminButtonClass('secondary')}>
          Clear
        </Link>
      </div>
    </form>
  );
}

/** Available units, quiet when plenty, amber when low, red when none. */
export function Available({ level }: { level: Pick<StockLevelJson, 'available' | 'low'> }) {
  return <span className={clsx('font-medium tabular-nums', level.available <= 0 ? 'text-danger' : level.low ? 'text-warning' : 'text-ink')}>{level.available}</span>;
}

export function StockTable({ data, locations }: { data: StockLevelPageJson; locations: LocationChoice[] }) {
  return (
    <>
      <p className="mb-2 text-sm text-muted" data-testid="stock-total">
        {data.total === 1 ? '1 level' : `${data.total.toLocaleString('en-NZ')} levels`}
      </p>
      <AdminTable label="Stock levels" stacked>
        <thead>
          <tr>
            <Th>Product</Th>
            <Th>Location</Th>
            <Th className="text-right">On hand</Th>
            <Th className="text-right">Reserved</Th>
            <Th className="text-right">Available</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {data.items.length === 0 ? (
            <EmptyRow colSpan={6}>No stock matches these filters.</EmptyRow>
          ) : (
            data.items.map((l) => (
              <Tr key={`${l.product_id}-${l.location_id}`} data-testid="stock-row">
                <Td data-label="Product" className="max-md:col-span-2">
                  <Link href={`/admin/stock/${l.product_id}`} className="font-medium text-ink hover:text-brand hover:underline">
                    {l.product_name}
                  </Link>
                  <span className="block text-xs text-muted">{l.sku}</span>
                </Td>
                <Td data-label="Location">{l.location_name}</Td>
                <Td data-label="On hand" className="tabular-nums md:text-right">
                  {l.on_hand}
                </Td>
                <Td data-label="Reserved" className="tabular-nums text-muted md:text-right">
                  {l.reserved}
                </Td>
                <Td data-label="Available" className="md:text-right">
                  <Available level={l} />
                </Td>
                <Td className="max-md:col-span-2 md:text-right">
                  <StockRowActions
                    row={{ productId: l.product_id, productName: l.product_name, locationId: l.location_id, locationName: l.location_name, onHand: l.on_hand, available: l.available }}
                    locations={locations}
                  />
                </Td>
              </Tr>
            ))
          )}
        </tbody>
      </AdminTable>
    </>
  );
}
