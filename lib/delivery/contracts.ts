/**
 * Response contracts of delivery: the quote the order confirmation shows, and the zones,
 * services and pickup locations of /admin/delivery. Money in decimal dollars, dates YYYY-MM-DD.
 */
import { z } from 'zod';
import { DELIVERY_SERVICE_KINDS, DELIVERY_WINDOWS } from '@/db/statuses';
import { contracts, day, id, money } from '@/lib/server/contracts';
import { NZ_REGION_CODES } from './regions';

/** A click & collect pickup location as shown to customers (in a quote, and on the order placed with it). */
export const pickupJson = z.strictObject({ name: z.string().min(1), address: z.string().min(1), opening_hours: z.string().min(1) });

/** One service offered for an order: its price for these goods and the earliest day. */
export const quotedServiceJson = z.strictObject({
  service_id: id,
  kind: z.enum(DELIVERY_SERVICE_KINDS),
  name: z.string().min(1),
  /** The delivery fee charged for these goods (0 when free). */
  fee: money,
  /** The delivery fee before the free-over waiver: the service fee plus its bulky surcharges. */
  base_fee: money,
  /** Assembly (the assembly service only; else 0). */
  assembly_fee: money,
  /** fee + assembly_fee. */
  price: money,
  /** Goods amount from which the delivery fee is waived; null = never. */
  free_over: money.nullable(),
  earliest_date: day,
  /** Two-person services: the days that may be booked, each with its windows that still have room; [] for others. */
  days: z.array(z.strictObject({ date: day, windows: z.array(z.enum(DELIVERY_WINDOWS)).min(1) })),
  pickup: pickupJson.nullable(),
});

/** POST /api/delivery/quote: the zone of the address and the services that fit, cheapest first (the first is the default). */
export const deliveryQuoteJson = z
  .strictObject({ zone: z.strictObject({ zone_id: id, name: z.string().min(1) }), postcode: z.string().length(4), services: z.array(quotedServiceJson).min(1) })
  .register(contracts, { id: 'DeliveryQuote' });
export type DeliveryQuoteJson = z.infer<typeof deliveryQuoteJson>;
export type QuotedServiceJson = z.infer<typeof quotedServiceJson>;

/** GET /api/orders/{id}/delivery: the booked day, the last day it may be changed, and the days it may move to. */
export const deliveryDaysJson = z
  .strictObject({
    order_id: id,
    date: day,
    window: z.enum(DELIVERY_WINDOWS),
    /** The last day (shop time zone) a change is accepted: two working days before delivery, exclusive. */
    change_until: day,
    /** The service's offered days, each with its windows that still have room (the order confirmation's calendar). */
    days: z.array(z.strictObject({ date: day, windows: z.array(z.enum(DELIVERY_WINDOWS)).min(1) })),
  })
  .register(contracts, { id: 'DeliveryDays' });
export type DeliveryDaysJson = z.infer<typeof deliveryDaysJson>;

export const postcodeRangeJson = z.strictObject({ from: z.string().length(4), to: z.string().length(4) });

export const pickupLocationJson = z.strictObject({ pickup_location_id: id, name: z.string().min(1), address: z.string().min(1), opening_hours: z.string().min(1), active: z.boolean() });

export const deliveryServiceJson = z.strictObject({
  service_id: id,
  zone_id: id,
  kind: z.enum(DELIVERY_SERVICE_KINDS),
  name: z.string().min(1),
  fee: money,
  bulky_surcharge: money,
  free_over: money.nullable(),
  lead_days: z.number().int().min(0),
  /** ISO weekdays it runs: 1 = Monday … 7 = Sunday. */
  weekdays: z.array(z.number().int().min(1).max(7)),
  pickup_location_id: id.nullable(),
  /** Two-person services: orders one day's morning or afternoon can take; null = no limit. */
  capacity_per_window: z.number().int().min(1).nullable(),
  active: z.boolean(),
});

export const deliveryZoneJson = z.strictObject({
  zone_id: id,
  name: z.string().min(1),
  postcode_ranges: z.array(postcodeRangeJson),
  postcodes: z.array(z.string().length(4)),
  served: z.boolean(),
  sort_order: z.number().int(),
  /** The New Zealand region (ISO 3166-2 code) whose anniversary day its deliveries skip; null: national holidays only. */
  region: z.enum(NZ_REGION_CODES).nullable(),
  services: z.array(deliveryServiceJson),
});

/** GET /api/delivery/zones: everything /admin/delivery manages. */
export const deliverySetupJson = z
  .strictObject({ zones: z.array(deliveryZoneJson), pickup_locations: z.array(pickupLocationJson) })
  .register(contracts, { id: 'DeliverySetup' });
export type DeliverySetupJson = z.infer<typeof deliverySetupJson>;
export type DeliveryZoneJson = z.infer<typeof deliveryZoneJson>;
export type DeliveryServiceJson = z.infer<typeof deliveryServiceJson>;
export type PickupLocationJson = z.infer<typeof pickupLocationJson>;

/**
 * GET /api/delivery/estimate: one product's delivery for the signed-in customer — for their saved
 * address (`address`: the service the checkout will preselect), "from" the lowest over the served
 * zones without one (`from`), or none (`none`, with the reason when the saved address is not
 * delivered to or nothing fits). Money in dollars: the delivery fee plus any assembly.
 */
export const deliveryEstimateJson = z
  .strictObject({
    kind: z.enum(['address', 'from', 'none']),
    /** The saved address's postcode (`address`, and `none` for an address not delivered to). */
    postcode: z.string().nullable(),
    /** The zone priced: the saved address's, or the one with the lowest price. */
    zone: z.string().nullable(),
    service_kind: z.enum(DELIVERY_SERVICE_KINDS).nullable(),
    service_name: z.string().nullable(),
    price: money.nullable(),
    problem: z.string().nullable(),
  })
  .register(contracts, { id: 'DeliveryEstimate' });
export type DeliveryEstimateJson = z.infer<typeof deliveryEstimateJson>;
