/**
 * The delivery estimate for a signed-in customer (docs/delivery.md "Estimates"): the basis the
 * pure estimate (lib/delivery/estimate.ts) is computed from — the customer's saved address (the
 * default, else the first: the one the checkout preselects) with its zone's services, every served
 * zone's services, and the products' shipping classes — read from the database. In lib/accounts
 * because it reads the customer's address book; the cart page, the order confirmation and the
 * discount-code preview (lib/discounts) use it.
 */
import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { deliveryZones, products } from '@/db/schema';
import { AppError, notFound } from '@/lib/server/errors';
import { toDecimal } from '@/lib/money';
import type { DeliveryEstimateJson } from '@/lib/delivery/contracts';
import { getShopSettings } from '@/lib/settings/queries';
import { todayIn } from '@/lib/delivery/calendar';
import { estimateDelivery, type DeliveryEstimate, type EstimateBasis, type EstimateLine, type EstimateZone } from '@/lib/delivery/estimate';
import { servicesByZone, zoneOfAddress } from '@/lib/delivery/service';
import { normalisePostcode } from '@/lib/delivery/zones';
import { listAddresses } from './addresses';

/**
 * What `userId`'s estimate for `productIds` is computed from (cents).
 * A saved address outside every zone, or in a zone not served, carries the checkout's reason.
 */
export async function deliveryEstimateBasis(userId: number, productIds: number[], executor: Executor = db): Promise<EstimateBasis> {
  const [saved, zoneRows, factRows, settings] = await Promise.all([
    listAddresses(userId, executor),
    executor.select().from(deliveryZones),
    productIds.length ? executor.select({ id: products.id, shippingClass: products.shippingClass, assemblyFee: products.assemblyFee }).from(products).where(inArray(products.id, productIds)) : Promise.resolve([]),
    getShopSettings(executor),
  ]);
  const served = zoneRows.filter((z) => z.served).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const services = await servicesByZone(executor, served.map((z) => z.id));
  const zones: EstimateZone[] = served.map((z) => ({ name: z.name, services: services.get(z.id)! }));

  const chosen = saved.find((a) => a.is_default) ?? saved[0];
  let address: EstimateBasis['address'] = null;
  if (chosen) {
    const postcode = normalisePostcode(chosen.postal_code) ?? chosen.postal_code ?? '';
    try {
      const { zone } = await zoneOfAddress(executor, { postalCode: chosen.postal_code, country: chosen.country });
      address = { postcode, zone: { name: zone.name, services: services.get(zone.id)! }, problem: null };
    } catch (e) {
      // The checkout refuses this address with the same 400 message; the cart says it in advance.
      if (!(e instanceof AppError) || e.status !== 400) throw e;
      address = { postcode, zone: null, problem: e.message };
    }
  }
  return { address, zones, facts: Object.fromEntries(factRows.map((r) => [r.id, { shippingClass: r.shippingClass, assemblyFee: r.assemblyFee }])), today: todayIn(settings.timeZone) };
}

/**
 * The estimate of `lines` (product id, unit price in cents, quantity) for `userId`: the service
 * and price the checkout will preselect for their saved address, or "from" the lowest over the
 * served zones without one (lib/delivery/estimate.ts).
 */
export async function estimateDeliveryFor(userId: number, lines: EstimateLine[], executor: Executor = db): Promise<DeliveryEstimate> {
  const basis = await deliveryEstimateBasis(userId, [...new Set(lines.map((l) => l.productId))], executor);
  return estimateDelivery(lines, basis);
}

/** An estimate as GET /api/delivery/estimate answers it (lib/delivery/contracts.ts deliveryEstimateJson), money in dollars. */
export function toEstimateJson(e: DeliveryEstimate, postcode: string | null = null): DeliveryEstimateJson {
  if (e.kind === 'none') return { kind: 'none', postcode, zone: null, service_kind: null, service_name: null, price: null, problem: e.problem };
  return { kind: e.kind, postcode: e.kind === 'address' ? e.postcode : null, zone: e.zone, service_kind: e.service.kind, service_name: e.service.name, price: toDecimal(e.service.price), problem: null };
}

/**
 * GET /api/delivery/estimate: `quantity` units of a live product for `userId`, priced at its
 * current price from the database.
 * @throws 404 no such product, or it is no longer sold
 */
export async function estimateProductDelivery(userId: number, productId: number, quantity: number): Promise<DeliveryEstimateJson> {
  const [product] = await db.select({ id: products.id, price: products.price }).from(products).where(and(eq(products.id, productId), isNull(products.archivedAt))).limit(1);
  if (!product) throw notFound('Product not found.');
  const basis = await deliveryEstimateBasis(userId, [product.id]);
  return toEstimateJson(estimateDelivery([{ productId: product.id, unitPrice: product.price, quantity }], basis), basis.address?.postcode ?? null);
}
