/**
 * The delivery estimate of the cart and the product page (docs/delivery.md "Estimates"): what the
 * checkout will charge, from the same zones, services and quote (./quote.ts), before the customer
 * has chosen an address and a service. Pure and browser-safe: the cart recomputes it whenever its
 * selection changes, from the basis the server loaded (lib/accounts/delivery-estimate.ts).
 *
 * - With a saved address (the default, else the first: the one the checkout preselects): its zone's
 *   cheapest service that delivers (click & collect only when nothing else fits), exactly the
 *   service the checkout preselects and POST /api/orders gives a client that chose none.
 * - Without one: "from" the lowest of those over every served zone, for the same lines.
 */
import type { ShippingClass } from '@/db/statuses';
import { defaultService, NOTHING_FITS, quoteServices, type QuoteLine, type QuotedService, type ServiceRule } from './quote';

/** A served zone's services, as the estimate reads them (cents). */
export type EstimateZone = { name: string; services: ServiceRule[] };

/**
 * What the estimate is computed from. `address`: the saved address's postcode and its zone's
 * services, or the reason it cannot be delivered to (no zone, not served); null without a saved
 * address. `zones`: every served zone (for "from"). `facts`: shipping class and assembly fee
 * (cents) of the products it may price, by product id. `today`: the shop's date (YYYY-MM-DD).
 */
export type EstimateBasis = {
  address: { postcode: string; zone: EstimateZone | null; problem: string | null } | null;
  zones: EstimateZone[];
  facts: Record<number, { shippingClass: ShippingClass; assemblyFee: number }>;
  today: string;
};

/** A cart line as the estimate reads it: product id, unit price in cents, quantity. */
export type EstimateLine = { productId: number; unitPrice: number; quantity: number };

export type DeliveryEstimate =
  /** The saved address's zone: the service the checkout will preselect, priced for these lines. */
  | { kind: 'address'; postcode: string; zone: string; service: QuotedService }
  /** No saved address: the lowest price over the served zones, and the zone it is for. */
  | { kind: 'from'; zone: string; service: QuotedService }
  /** Nothing to price (no lines), or nothing delivers these lines there: `problem` says why. */
  | { kind: 'none'; problem: string | null };

/** The lines as the quote reads them; a product the basis does not know counts as a parcel without assembly. */
function quoteLines(lines: EstimateLine[], basis: EstimateBasis): QuoteLine[] {
  return lines.map((l) => ({ ...(basis.facts[l.productId] ?? { shippingClass: 'parcel', assemblyFee: 0 }), unitPrice: l.unitPrice, quantity: l.quantity }));
}

/**
 * The estimate of `lines` (see the module comment). Lead days and holidays do not change a price,
 * so no holiday calendar is needed here. When nothing fits, `problem` is the checkout's own message.
 */
export function estimateDelivery(lines: EstimateLine[], basis: EstimateBasis): DeliveryEstimate {
  const problem = NOTHING_FITS;
  if (lines.length === 0) return { kind: 'none', problem: null };
  const quoted = quoteLines(lines, basis);
  if (basis.address) {
    if (!basis.address.zone) return { kind: 'none', problem: basis.address.problem };
    const service = defaultService(quoteServices(quoted, basis.address.zone.services, basis.today));
    return service ? { kind: 'address', postcode: basis.address.postcode, zone: basis.address.zone.name, service } : { kind: 'none', problem };
  }
  let best: { zone: string; service: QuotedService } | null = null;
  for (const zone of basis.zones) {
    const service = defaultService(quoteServices(quoted, zone.services, basis.today));
    if (service && (!best || service.price < best.service.price)) best = { zone: zone.name, service };
  }
  return best ? { kind: 'from', ...best } : { kind: 'none', problem };
}
