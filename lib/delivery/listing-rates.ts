/**
 * What one unit of a product costs to deliver to each zone (docs/catalogue.md): the
 * shipping rates of its merchant-listing markup. Pure. Priced by the order's own quote
 * (./quote.ts quoteServices), so the markup and the checkout can never disagree.
 *
 * Per served zone: the cheapest service that delivers this one unit — a bulky piece never by courier,
 * free when its price alone reaches the service's free-over amount. Click & collect is not delivery
 * and is left out (schema.org has no standard way to mark a pickup in shippingDetails); so a
 * collect_only product, which only click & collect takes, has no rate at all.
 */
import type { DeliveryServiceKind, ShippingClass } from '@/db/statuses';
import type { PostcodeRun } from './coverage';
import { quoteServices, type ServiceRule } from './quote';

/** A served zone as the listing markup reads it: its services and the postcodes it wins (./coverage.ts). */
export type ListingZone = { id: number; name: string; services: ServiceRule[]; postcodes: PostcodeRun[] };

/** The rate of one unit to one zone; cents and working days. */
export type ListingRate = {
  zoneId: number;
  zoneName: string;
  serviceId: number;
  serviceName: string;
  /** What the customer pays for this unit alone by that service: the delivery fee (0 when free) plus any assembly. */
  price: number;
  /** Working days from the order to the earliest delivery (the service's lead days). */
  leadDays: number;
  postcodes: PostcodeRun[];
};

/**
 * One unit of a product (price and assembly fee in cents) quoted to every zone; zones where no
 * delivery service fits are left out. `today` (YYYY-MM-DD) only matters for services that run on no
 * weekday, which the quote never offers. `kind` asks for the cheapest service of that kind instead
 * (the product page's delivery line, ./shopper-copy.ts); zones without one that fits are left out.
 */
export function oneUnitRates(item: { shippingClass: ShippingClass; unitPrice: number; assemblyFee: number }, zones: ListingZone[], today: string, kind?: DeliveryServiceKind): ListingRate[] {
  const rates: ListingRate[] = [];
  for (const zone of zones) {
    if (zone.postcodes.length === 0) continue;
    const line = { shippingClass: item.shippingClass, quantity: 1, unitPrice: item.unitPrice, assemblyFee: item.assemblyFee };
    // Cheapest first; the first that is delivery (not click & collect), or of the kind asked, is the rate.
    const best = quoteServices([line], zone.services, today).find((q) => (kind ? q.kind === kind : q.kind !== 'click_collect'));
    if (!best) continue;
    const service = zone.services.find((s) => s.id === best.serviceId)!;
    rates.push({ zoneId: zone.id, zoneName: zone.name, serviceId: best.serviceId, serviceName: best.name, price: best.price, leadDays: service.leadDays, postcodes: zone.postcodes });
  }
  return rates;
}
