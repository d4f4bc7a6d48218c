/**
 * What the shop's pages say about delivery (docs/delivery.md): the product
 * page's delivery line, the FAQ answer, the home page's value strip and the Shipping page's zone
 * list, all from the delivery zones and services, never from a figure written in the copy. Pure:
 * the zones are passed in (./queries.ts, cached under TAGS.delivery) and money is formatted by the
 * caller (cents in).
 *
 * Prices of a product are the order's own quote for one unit (./listing-rates.ts oneUnitRates), so
 * the page can never promise less than checkout charges. "From" is the minimum over the zones.
 */
import type { DeliveryServiceKind, ShippingClass } from '@/db/statuses';
import type { PostcodeRange } from '@/db/schema';
import { formatMoney, toDecimal } from '@/lib/money';
import { oneUnitRates, type ListingRate, type ListingZone } from './listing-rates';
import type { PickupRule, ServiceRule } from './quote';

/** A zone as the copy reads it: its name and services (a ListingZone or a GuideZone of ./queries.ts). */
export type ZoneServices = { name: string; services: ServiceRule[] };

/** Cents → text ("$49.00", or "$49" in running copy: the caller decides). */
export type Money = (cents: number) => string;

/** Money for running copy in the store currency: "$49", "$49.50". */
export const runningMoney = (currency: string): Money => (cents) => formatMoney(toDecimal(cents), currency).replace(/\.00$/, '');

/** Names of the kinds in running copy (a service's own name is the administrator's). */
export const KIND_LABEL: Record<DeliveryServiceKind, string> = {
  courier: 'Courier',
  two_person: 'Two-person delivery',
  two_person_assembly: 'Two-person delivery with assembly',
  click_collect: 'Click & collect',
};

/** "A", "A and B", "A, B and C". */
export function listText(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Where something holds among all served zones: '' when in every one, "except Rural" when it misses
 * one or two (and holds in more), else "in Auckland and Wellington".
 */
export function whereText(names: string[], all: string[]): string {
  const has = new Set(names);
  const included = all.filter((n) => has.has(n));
  const excluded = all.filter((n) => !has.has(n));
  if (excluded.length === 0) return '';
  if (excluded.length <= 2 && excluded.length < included.length) return `except ${listText(excluded)}`;
  return `in ${listText(included)}`;
}

const withWhere = (text: string, where: string) => (where ? `${text} (${where})` : text);

/** The active services of a kind, each with its zone's name. */
function servicesOfKind(zones: ZoneServices[], kind: DeliveryServiceKind): { zone: string; service: ServiceRule }[] {
  return zones.flatMap((z) => z.services.filter((s) => s.kind === kind && s.active).map((service) => ({ zone: z.name, service })));
}

/** " · free over $500 (except Rural)", or '' when no service of the kind is ever free. */
function freeOverText(zones: ZoneServices[], kind: DeliveryServiceKind, money: Money, separator = ' · '): string {
  const offered = servicesOfKind(zones, kind);
  const amounts = offered.map((o) => o.service.freeOver).filter((f): f is number => f !== null);
  if (amounts.length === 0) return '';
  const lowest = Math.min(...amounts);
  const where = whereText(offered.filter((o) => o.service.freeOver === lowest).map((o) => o.zone), [...new Set(offered.map((o) => o.zone))]);
  return `${separator}${withWhere(`free over ${money(lowest)}`, where)}`;
}

/** "Courier from $49 · free over $500", "Free courier delivery", … for one unit's rates of a kind. */
function rateText(kind: DeliveryServiceKind, rates: ListingRate[], zones: ZoneServices[], money: Money, label = KIND_LABEL[kind]): string {
  const all = zones.map((z) => z.name);
  const offeredWhere = whereText(rates.map((r) => r.zoneName), all);
  const lowest = Math.min(...rates.map((r) => r.price));
  const atLowest = rates.filter((r) => r.price === lowest).map((r) => r.zoneName);
  if (lowest === 0) return withWhere(`Free ${KIND_LABEL[kind].charAt(0).toLowerCase()}${KIND_LABEL[kind].slice(1)}`, whereText(atLowest, all));
  const text = withWhere(`${label} from ${money(lowest)}`, whereText(atLowest, all) || offeredWhere);
  // The assembly service's delivery part may be waived but its assembly never is: no free-over promise.
  return kind === 'two_person_assembly' ? text : text + freeOverText(zones, kind, money);
}

/** The active pickup locations of the served zones' click & collect. */
export function pickupsOf(zones: ZoneServices[]): PickupRule[] {
  const byId = new Map<number, PickupRule>();
  for (const { service } of servicesOfKind(zones, 'click_collect')) if (service.pickup) byId.set(service.pickup.id, service.pickup);
  return [...byId.values()];
}

/** A product as the delivery line reads it; cents. */
export type DeliveryLineItem = { shippingClass: ShippingClass; unitPrice: number; assemblyFee: number };

/**
 * The product page's delivery line, as parts to be joined by " · ":
 * - parcel: courier from the lowest fee over the zones, with its free-over amount; click & collect;
 * - bulky: two-person delivery (never courier), with assembly where it is offered; click & collect;
 * - collect_only: click & collect only, from the pickup location(s).
 * Prices are one unit's quote (free when its price alone reaches a free-over amount). `today` is the
 * shop's date (YYYY-MM-DD).
 */
export function productDeliveryLine(item: DeliveryLineItem, zones: ListingZone[], today: string, money: Money): string[] {
  const ratesOf = (kind: DeliveryServiceKind) => oneUnitRates(item, zones, today, kind);
  const collect = ratesOf('click_collect');
  const pickups = pickupsOf(zones).map((p) => p.name);
  if (item.shippingClass === 'collect_only') {
    if (collect.length === 0) return ['Click & collect only — no pickup point is open at the moment'];
    const lowest = Math.min(...collect.map((r) => r.price));
    const places = pickupsOf(zones).map((p) => `${p.name}, ${p.address}`);
    return [`Click & collect only, from ${listText(places)}`, lowest === 0 ? 'Free' : money(lowest)];
  }
  const parts: string[] = [];
  const kinds: DeliveryServiceKind[] = item.shippingClass === 'parcel' ? ['courier', 'two_person'] : ['two_person'];
  for (const kind of kinds) {
    const rates = ratesOf(kind);
    if (rates.length === 0) continue;
    parts.push(rateText(kind, rates, zones, money));
    break;
  }
  if (item.shippingClass === 'bulky') {
    const assembly = ratesOf('two_person_assembly');
    if (assembly.length > 0) parts.push(rateText('two_person_assembly', assembly, zones, money, 'With assembly'));
  }
  if (collect.length > 0) {
    const lowest = Math.min(...collect.map((r) => r.price));
    parts.push(`Click & collect ${lowest === 0 ? 'free' : `from ${money(lowest)}`} (${listText(pickups)})`);
  }
  return parts.length > 0 ? parts : ['Delivery is not available at the moment'];
}

/** Lowest and highest lead days of a kind's active services, as text: "2" or "2–4"; null when none. */
function leadText(zones: ZoneServices[], kind: DeliveryServiceKind): string | null {
  const days = servicesOfKind(zones, kind).map((o) => o.service.leadDays);
  if (days.length === 0) return null;
  const [lo, hi] = [Math.min(...days), Math.max(...days)];
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}

/** "Courier from $49, free over $500" for a kind's base fee over the zones; null when no zone offers it. */
function kindFromText(zones: ZoneServices[], kind: DeliveryServiceKind, money: Money): string | null {
  const offered = servicesOfKind(zones, kind);
  if (offered.length === 0) return null;
  const lowest = Math.min(...offered.map((o) => o.service.fee));
  const label = KIND_LABEL[kind];
  const price = lowest === 0 ? `${label} free` : `${label} from ${money(lowest)}`;
  return price + freeOverText(zones, kind, money, ', ');
}

/** The FAQ's "How much is delivery?" and "How long will my order take?" answers, from the zones. */
export function faqDeliveryAnswers(zones: ZoneServices[], money: Money): { cost: string; time: string } {
  const delivered = (['courier', 'two_person'] as const).map((k) => kindFromText(zones, k, money)).filter((t): t is string => t !== null);
  const pickups = pickupsOf(zones).map((p) => p.name);
  const sentences: string[] = [];
  if (delivered.length === 0) sentences.push('We are not delivering at the moment.');
  else sentences.push(`It depends on where you live and what you order: ${delivered.map((t) => t.charAt(0).toLowerCase() + t.slice(1)).join('; ')}.`);
  if (servicesOfKind(zones, 'courier').length > 0) sentences.push('Couriers take parcel-sized pieces; larger pieces come with a two-person team.');
  if (pickups.length > 0) sentences.push(`Click & collect from our ${listText(pickups)} ${collectFee(zones, money)}.`);

  const times: string[] = [];
  for (const kind of ['courier', 'two_person', 'two_person_assembly'] as const) {
    const lead = leadText(zones, kind);
    if (lead) times.push(`${KIND_LABEL[kind].charAt(0).toLowerCase()}${KIND_LABEL[kind].slice(1)} ${lead} working day${lead === '1' ? '' : 's'}`);
  }
  const collectLead = leadText(zones, 'click_collect');
  const time = [
    times.length > 0 ? `The earliest delivery is ${listText(times)} after you order (working days are Monday to Friday, not public holidays).` : '',
    servicesOfKind(zones, 'two_person').length > 0 ? 'For two-person delivery you choose the day and a morning or afternoon window at checkout.' : '',
    collectLead ? `Click & collect orders are ready from ${collectLead} working day${collectLead === '1' ? '' : 's'}.` : '',
  ].filter(Boolean);
  return { cost: sentences.join(' '), time: time.join(' ') };
}

/** "is free" or "costs $5" (the lowest click & collect fee). */
function collectFee(zones: ZoneServices[], money: Money): string {
  const lowest = Math.min(...servicesOfKind(zones, 'click_collect').map((o) => o.service.fee));
  return lowest === 0 ? 'is free' : `costs ${money(lowest)}`;
}

/**
 * The home page's delivery promise: "Free delivery over $500" when every delivery service of every
 * zone is free from the same amount, else "Delivery from $49"; the text names the services.
 */
export function deliveryPromise(zones: ZoneServices[], money: Money): { title: string; text: string } {
  const delivery = [...servicesOfKind(zones, 'courier'), ...servicesOfKind(zones, 'two_person')];
  if (delivery.length === 0) return { title: 'Click & collect', text: 'Collect your order from our warehouse.' };
  const freeOvers = new Set(delivery.map((o) => o.service.freeOver));
  const [only] = freeOvers;
  const everywhere = freeOvers.size === 1 && only !== null;
  const lowest = Math.min(...delivery.map((o) => o.service.fee));
  const title = everywhere ? `Free delivery over ${money(only)}` : lowest === 0 ? 'Free delivery' : `Delivery from ${money(lowest)}`;
  const kinds = (['courier', 'two_person'] as const).flatMap((k) => {
    const offered = servicesOfKind(zones, k);
    if (offered.length === 0) return [];
    const fee = Math.min(...offered.map((o) => o.service.fee));
    return [`${k === 'courier' ? 'courier' : 'two-person delivery'} ${fee === 0 ? 'free' : `from ${money(fee)}`}`];
  });
  const pickups = pickupsOf(zones);
  const text = `${everywhere ? 'Otherwise ' : ''}${listText(kinds)}, by where you live.${pickups.length > 0 ? ` Click & collect in ${listText(pickups.map((p) => p.name.replace(/ warehouse$/i, '')))}.` : ''}`;
  return { title, text: text.charAt(0).toUpperCase() + text.slice(1) };
}

/** "Mon–Fri", "Mon–Sat", "Every day", "Mon, Wed, Fri". ISO weekdays, 1 = Monday. */
export function weekdaysText(days: number[]): string {
  const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return 'Every day';
  const contiguous = sorted.length >= 3 && sorted.every((d, i) => i === 0 || d === sorted[i - 1] + 1);
  return contiguous ? `${names[sorted[0] - 1]}–${names[sorted[sorted.length - 1] - 1]}` : sorted.map((d) => names[d - 1]).join(', ');
}

const pc = (n: number) => String(n).padStart(4, '0');

/**
 * A zone's postcodes as a shopper reads them: its ranges ("0600–0699") and its listed postcodes
 * grouped into runs ("0171–0173"), each with a place name where migration 0010_delivery_seed
 * documents one (docs/delivery.md: "Tauranga 3110–3119", "Waiheke 1081").
 */
export function postcodesText(zone: { postcodeRanges: PostcodeRange[]; postcodes: string[] }): string[] {
  const ranges = zone.postcodeRanges.map((r) => (r.from === r.to ? pc(r.from) : `${pc(r.from)}–${pc(r.to)}`));
  const listed = [...new Set(zone.postcodes)].map(Number).sort((a, b) => a - b);
  const runs: { from: number; to: number }[] = [];
  for (const n of listed) {
    const last = runs[runs.length - 1];
    if (last && last.to === n - 1) last.to = n;
    else runs.push({ from: n, to: n });
  }
  const lists = runs.map((r) => (r.from === r.to ? pc(r.from) : `${pc(r.from)}–${pc(r.to)}`));
  return [...ranges, ...lists].map((text) => (SEEDED_PLACES[text] ? `${SEEDED_PLACES[text]} ${text}` : text));
}

/** Place names of the seeded postcodes (docs/delivery.md); an administrator's own ranges show as numbers. */
const SEEDED_PLACES: Record<string, string> = {
  '3110–3119': 'Tauranga',
  '3200–3289': 'Hamilton',
  '4110–4183': 'Napier/Hastings',
  '4310–4381': 'New Plymouth',
  '4410–4481': 'Palmerston North',
  '7010–7020': 'Nelson',
  '9010–9092': 'Dunedin',
  '1081': 'Waiheke',
  '0991': 'Great Barrier',
  '9818': 'Stewart Island',
};
