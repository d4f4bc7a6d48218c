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

/** The day line (lib/delivery/calendar.ts deliveryDayText). */
export const dayText = deliveryDayText;
