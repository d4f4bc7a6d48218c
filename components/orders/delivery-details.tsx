/**
 * How an order is delivered: the service and zone, the earliest or booked day and window,
 * and for click & collect where and when to collect. Presentational; server and client components.
 */
import type { OrderJson } from '@/lib/orders/mappers';
import { deliveryDayText } from '@/lib/delivery/calendar';


/** "Courier · Auckland" and the day line; null for orders placed before delivery services existed. */
export function DeliveryDetails({ delivery, className }: { delivery: OrderJson['delivery']; className?: string }) {
  if (!delivery) return null;
  return (
    <div className={className} data-testid="order-delivery">
      <p className="text-sm text-ink">
        <span className="font-medium">{delivery.name}</span>
        {delivery.zone && <span className="text-muted"> · {delivery.zone}</span>}
      </p>
      {delivery.date && <p className="text-sm text-muted">{dayText(delivery)}</p>}
      {delivery.pickup && (
        <p className="mt-1 text-sm text-muted">
          Collect from {delivery.pickup.name}, {delivery.pickup.address}. Open {delivery.pickup.opening_hours}.
        </p>
      )}
    </div>
  );
}

/**
 * Where the order ends up, as the payment and thank-you pages head it: "Collecting from" the pickup
 * location for click & collect, else "Delivering to" the delivery address. Null when neither is known.
 */
export function fulfilmentPlace(order: Pick<OrderJson, 'address' | 'delivery'>): { label: string; lines: string[] } | null {
  const d = order.delivery;
  if (d?.kind === 'click_collect') {
    const p = d.pickup;
    return { label: 'Collecting from', lines: p ? [p.name, p.address, `Open ${p.opening_hours}`] : [d.name] };
  }
  const a = order.address;
  if (!a) return null;
  return { label: 'Delivering to', lines: [a.street_address, [a.city, a.state_province, a.postal_code].filter(Boolean).join(', '), a.country] };
}

/** The day line (lib/delivery/calendar.ts deliveryDayText). */
export const dayText = deliveryDayText;
