/**
 * The delivery quote (docs/delivery.md): which of a zone's services fit an
 * order's lines, what each costs and the earliest day. Pure: the server calls it with rows from the
 * database (lib/delivery/service.ts); any figure a client sends is never an input.
 *
 * Fit: a `collect_only` line allows click & collect only; courier only when every line is a
 * `parcel`; two-person services and click & collect take any line otherwise.
 * Price (cents): the service fee + its bulky surcharge × bulky units (two-person services), waived
 * when the goods reach the service's free-over amount (null: never); the assembly service adds
 * Σ product assembly fee × quantity, never waived.
 */
import type { DeliveryServiceKind, ShippingClass } from '@/db/statuses';
import { earliestDay, NO_HOLIDAYS, offeredDays, type HolidayRule } from './calendar';

/** Why an address gets no quote for these lines (POST /api/delivery/quote, POST /api/orders, the cart's estimate). */
export const NOTHING_FITS = 'No delivery service to this address fits every item of this order. Items that can only be collected are collected from our Auckland warehouse; please order them separately or choose another address.';

export type QuoteLine = { shippingClass: ShippingClass; quantity: number; unitPrice: number; assemblyFee: number };

export type PickupRule = { id: number; name: string; address: string; openingHours: string };

export type ServiceRule = {
  id: number;
  kind: DeliveryServiceKind;
  name: string;
  fee: number;
  bulkySurcharge: number;
  freeOver: number | null;
  leadDays: number;
  weekdays: number[];
  active: boolean;
  pickup: PickupRule | null;
};

export type QuotedService = {
  serviceId: number;
  kind: DeliveryServiceKind;
  name: string;
  /** The delivery fee before the free-over waiver: fee + bulky surcharges. */
  baseFee: number;
  /** Goods amount from which the delivery fee is waived; null = never. */
  freeOver: number | null;
  /** The delivery fee charged for these goods. */
  deliveryFee: number;
  /** Assembly (the assembly service only). */
  assemblyFee: number;
  /** deliveryFee + assemblyFee. */
  price: number;
  earliestDate: string | null;
  /** Two-person services: the days the customer may book (a window each, capacity permitting); [] otherwise. */
  days: string[];
  pickup: PickupRule | null;
};

/** Services whose customer books a day and a window. */
export const BOOKS_A_DAY = (kind: DeliveryServiceKind) => kind === 'two_person' || kind === 'two_person_assembly';

/** Display order of equal prices. */
export const KIND_ORDER: DeliveryServiceKind[] = ['courier', 'click_collect', 'two_person', 'two_person_assembly'];

/** Whether a service may carry every line (the shipping-class rule above). */
export function serviceFits(kind: DeliveryServiceKind, lines: Pick<QuoteLine, 'shippingClass'>[]): boolean {
  if (lines.some((l) => l.shippingClass === 'collect_only')) return kind === 'click_collect';
  if (kind === 'courier') return lines.every((l) => l.shippingClass === 'parcel');
  return true;
}

/** Whether `goods` cents reach a free-over amount. */
export const reachesFreeOver = (goods: number, freeOver: number | null) => freeOver !== null && goods >= freeOver;

/**
 * The services of a zone that fit `lines`, priced, cheapest first (then courier, click & collect,
 * two-person, assembly). `goods` is what the free-over amount is judged on (default: Σ lines; the goods after a discount when
 * the order has one, as computeTotals judges it); nothing to deliver (Σ lines = 0) is free;
 * `today` is the order date (YYYY-MM-DD, shop time zone). Inactive services are left out.
 */
export function quoteServices(lines: QuoteLine[], services: ServiceRule[], today: string, opts: { goods?: number; isHoliday?: HolidayRule } = {}): QuotedService[] {
  const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const goods = opts.goods ?? subtotal;
  const bulkyUnits = lines.filter((l) => l.shippingClass === 'bulky').reduce((s, l) => s + l.quantity, 0);
  const assembly = lines.reduce((s, l) => s + l.assemblyFee * l.quantity, 0);
  return services
    .filter((s) => s.active && serviceFits(s.kind, lines))
    .map((s): QuotedService => {
      const twoPerson = s.kind === 'two_person' || s.kind === 'two_person_assembly';
      const baseFee = s.fee + (twoPerson ? s.bulkySurcharge * bulkyUnits : 0);
      const deliveryFee = subtotal === 0 || reachesFreeOver(goods, s.freeOver) ? 0 : baseFee;
      const assemblyFee = s.kind === 'two_person_assembly' ? assembly : 0;
      return {
        serviceId: s.id,
        kind: s.kind,
        name: s.name,
        baseFee,
        freeOver: s.freeOver,
        deliveryFee,
        assemblyFee,
        price: deliveryFee + assemblyFee,
        earliestDate: earliestDay(today, s.leadDays, s.weekdays, opts.isHoliday ?? NO_HOLIDAYS),
        days: BOOKS_A_DAY(s.kind) ? offeredDays(today, s.leadDays, s.weekdays, opts.isHoliday ?? NO_HOLIDAYS) : [],
        pickup: s.kind === 'click_collect' ? s.pickup : null,
      };
    })
    .filter((q) => q.earliestDate !== null)
    .sort((a, b) => a.price - b.price || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.serviceId - b.serviceId);
}

/**
 * What POST /api/orders gives a client that chose no service: the cheapest that delivers to the
 * address (a client that sends an address expects delivery there), click & collect only when nothing
 * else fits (docs/delivery.md). Null when nothing fits.
 */
export const defaultService = <Q extends QuotedService>(quoted: Q[]): Q | null => quoted.find((q) => q.kind !== 'click_collect') ?? quoted[0] ?? null;
