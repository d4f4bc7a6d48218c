/**
 * /admin/delivery/schedule — the delivery schedule and run sheet: per day and zone,
 * each order's window, address, contact, items and volume (m³), from ?from to ?to (YYYY-MM-DD;
 * default the next 14 days). Printable (the navigation is hidden in print).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminPageHeader } from '@/components/admin/status';
import { AdminTable, Td, Th, Tr } from '@/components/admin/admin-table';
import { PrintButton } from '@/components/ui/print-button';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { addDays, formatDay, todayIn, WINDOW_TEXT } from '@/lib/delivery/calendar';
import { deliverySchedule } from '@/lib/delivery/schedule';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Delivery schedule' };

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export default async function DeliverySchedulePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePageAdmin('/admin/delivery/schedule', 'orders.read');
  const params = await searchParams;
  const today = todayIn((await getShopSettings()).timeZone);
  const from = isDay(params.from) ? params.from : today;
  const to = isDay(params.to) && params.to >= from ? params.to : addDays(from, 13);
  const days = await deliverySchedule(me, from, to);
  return (
    <>
      <AdminPageHeader title="Delivery schedule" description={`Deliveries from ${formatDay(from)} to ${formatDay(to)}, by day and zone.`} actions={<PrintButton look="admin" label="Print run sheet" />} />
      <form className="mb-4 flex flex-wrap items-end gap-3 text-sm print:hidden" aria-label="Choose the days">
        <label>
          <span className="mb-1 block font-medium text-ink">From</span>
          <input type="date" name="from" defaultValue={from} className="rounded-lg border border-line bg-surface px-3 py-2" />
        </label>
        <label>
          <span className="mb-1 block font-medium text-ink">To</span>
          <input type="date" name="to" defaultValue={to} className="rounded-lg border border-line bg-surface px-3 py-2" />
        </label>
        <button type="submit" className="rounded-lg border border-line bg-surface px-4 py-2 font-medium text-ink hover:bg-brand-soft">
          Show
        </button>
        <Link href="/admin/delivery" className="ml-auto text-brand underline-offset-2 hover:underline">
          Zones and services
        </Link>
      </form>
      {days.length === 0 ? <p className="text-sm text-muted">No deliveries on these days.</p> : null}
      <div className="space-y-6">
        {days.map((day) => (
          <section key={day.date} aria-labelledby={`day-${day.date}`} className="break-inside-avoid rounded-card border border-line bg-surface p-4" data-testid={`schedule-${day.date}`}>
            <h2 id={`day-${day.date}`} className="font-display text-lg text-ink">
              {formatDay(day.date)} <span className="text-sm font-normal text-muted">· {day.volume.toFixed(3)} m³</span>
            </h2>
            {day.zones.map((zone) => (
              <div key={zone.zone} className="mt-4">
                <h3 className="mb-2 font-semibold text-ink">
                  {zone.zone} <span className="text-sm font-normal text-muted">· {zone.orders.length} {zone.orders.length === 1 ? 'order' : 'orders'} · {zone.volume.toFixed(3)} m³</span>
                </h3>
                {/* Below the md breakpoint each order is a card (AdminTable stacked): a phone never scrolls sideways. */}
                <AdminTable stacked label={`Orders to ${zone.zone} on ${formatDay(day.date)}`}>
                  <thead>
                    <tr>
                      <Th>Order</Th>
                      <Th>Window</Th>
                      <Th>Address and contact</Th>
                      <Th>Items</Th>
                      <Th className="text-right">m³</Th>
                    </tr>
                  </thead>
                  <tbody className="align-top">
                    {zone.orders.map((o) => (
                      <Tr key={o.orderId} data-testid={`schedule-order-${o.orderId}`}>
                        <Td data-label="Order" className="align-top font-medium">
                          #{o.orderId}
                          <span className="block text-xs font-normal text-muted">{o.service}</span>
                        </Td>
                        <Td data-label="Window" className="align-top">
                          {o.window ? WINDOW_TEXT[o.window] : 'Any time'}
                        </Td>
                        <Td data-label="Address and contact" className="align-top max-md:col-span-2">
                          {o.address ? [o.address.streetAddress, o.address.city, o.address.postalCode].filter(Boolean).join(', ') : 'N/A'}
                          {o.contact ? (
                            <span className="block text-xs text-muted">
                              {o.contact.firstName} {o.contact.lastName} · {o.contact.phoneNumber}
                            </span>
                          ) : null}
                        </Td>
                        <Td data-label="Items" className="align-top max-md:col-span-2">
                          {o.items.map((i, n) => (
                            <span key={n} className="block break-words">
                              {i.quantity} × {i.name} <span className="text-xs text-muted">({i.sku})</span>
                            </span>
                          ))}
                        </Td>
                        <Td data-label="m³" className="align-top tabular-nums md:text-right">
                          {o.volume.toFixed(3)}
                        </Td>
                      </Tr>
                    ))}
                  </tbody>
                </AdminTable>
              </div>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
