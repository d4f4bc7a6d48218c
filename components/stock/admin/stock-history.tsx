/**
 * A product's stock history (server-rendered; docs/stock.md "The ledger"): its levels at each
 * location with Adjust and Transfer, then the ledger rows newest first — when, where, the change,
 * why, who, and the order, import or other location it came from.
 */
import Link from 'next/link';
import clsx from 'clsx';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import type { StockLedgerEntryJson, StockLedgerPageJson } from '@/lib/stock/contracts';
import { Available } from './stock-levels';
import { StockRowActions, type LocationChoice } from './stock-dialogs';

const REASON_LABELS: Record<StockLedgerEntryJson['reason'], string> = {
  received: 'Received',
  sold: 'Sold',
  cancelled: 'Cancelled',
  returned: 'Returned',
  count: 'Count',
  damaged: 'Damaged',
  transfer: 'Transfer',
};

/** Where the move came from: the order, the import, or the other location of a transfer. */
function Source({ entry }: { entry: StockLedgerEntryJson }) {
  const parts: React.ReactNode[] = [];
  if (entry.order_id) {
    parts.push(
      <Link key="order" href={`/admin/order?status=all&q=${entry.order_id}`} className="text-brand hover:underline">
        Order #{entry.order_id}
      </Link>,
    );
  }
  if (entry.counterpart_location_name) parts.push(<span key="loc">{entry.change < 0 ? `to ${entry.counterpart_location_name}` : `from ${entry.counterpart_location_name}`}</span>);
  if (entry.import_id) parts.push(<span key="import">Import {entry.import_id}</span>);
  if (entry.note) parts.push(<span key="note" className="text-muted">{entry.note}</span>);
  if (parts.length === 0) return <span className="text-muted">—</span>;
  return <span className="flex flex-col gap-0.5">{parts}</span>;
}

export function ProductLevels({ data, locations }: { data: StockLedgerPageJson; locations: LocationChoice[] }) {
  const home = locations[0];
  const rows = data.levels.length
    ? data.levels
    : home
      ? [{ product_id: data.product.product_id, product_name: data.product.name, sku: data.product.sku, location_id: home.id, location_name: home.name, on_hand: 0, reserved: 0, available: 0, low: true }]
      : [];
  return (
    <AdminTable label="Stock by location" stacked>
      <thead>
        <tr>
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
        {rows.map((l) => (
          <Tr key={l.location_id} data-testid="level-row">
            <Td data-label="Location" className="max-md:col-span-2 font-medium">
              {l.location_name}
            </Td>
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
              <StockRowActions row={{ productId: l.product_id, productName: l.product_name, locationId: l.location_id, locationName: l.location_name, onHand: l.on_hand, available: l.available }} locations={locations} />
            </Td>
          </Tr>
        ))}
      </tbody>
    </AdminTable>
  );
}

export function LedgerTable({ data, timeZone }: { data: StockLedgerPageJson; timeZone: string }) {
  const when = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <AdminTable label="Stock history" stacked>
      <thead>
        <tr>
          <Th>When</Th>
          <Th>Location</Th>
          <Th className="text-right">Change</Th>
          <Th>Reason</Th>
          <Th>Who</Th>
          <Th>From / note</Th>
        </tr>
      </thead>
      <tbody>
        {data.entries.length === 0 ? (
          <EmptyRow colSpan={6}>No stock has moved yet.</EmptyRow>
        ) : (
          data.entries.map((e) => (
            <Tr key={e.ledger_id} data-testid="ledger-row" className="align-top">
              <Td data-label="When" className="md:whitespace-nowrap">
                {when.format(new Date(e.at))}
              </Td>
              <Td data-label="Location">{e.location_name}</Td>
              <Td data-label="Change" className={clsx('font-medium tabular-nums md:text-right', e.change > 0 ? 'text-success' : 'text-danger')}>
                {e.change > 0 ? `+${e.change}` : `−${-e.change}`}
              </Td>
              <Td data-label="Reason">{REASON_LABELS[e.reason]}</Td>
              <Td data-label="Who">{e.actor_label || '—'}</Td>
              <Td data-label="From / note" className="max-md:col-span-2 md:max-w-72">
                <Source entry={e} />
              </Td>
            </Tr>
          ))
        )}
      </tbody>
    </AdminTable>
  );
}
