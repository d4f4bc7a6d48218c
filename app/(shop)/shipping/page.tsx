/**
 * Shipping: every delivery zone with its postcodes and services (fee, free-over
 * amount, bulky surcharge, lead working days, the days it runs), click & collect with its address and
 * hours, the areas not served, and the rules of bulky pieces, assembly and booked delivery days. All
 * figures come from the delivery zones (lib/delivery/queries.ts getDeliveryGuide, cached under
 * TAGS.delivery, which every /admin/delivery write revalidates).
 */
import Link from 'next/link';
import { InfoPage } from '@/components/ui/page-heading';
import { Prose } from '@/components/ui/prose';
import { formatMoney, toDecimal } from '@/lib/money';
import { WINDOW_TEXT } from '@/lib/delivery/calendar';
import { getDeliveryGuide, type GuideZone } from '@/lib/delivery/queries';
import type { ServiceRule } from '@/lib/delivery/quote';
import { BULKY_LONGEST_SIDE_CM, BULKY_SIDES_SUM_CM } from '@/db/shipping-class';
import { KIND_LABEL, listText, pickupsOf, postcodesText, weekdaysText, whereText } from '@/lib/delivery/shopper-copy';
import { getShopSettingsCached } from '@/lib/settings/queries';
import { pageMetadata } from '@/lib/storefront/page-metadata';

/** Rendered per request at this address; shoppers get it from the page cache via /cached/… (lib/storefront/page-cache.ts). */
export const dynamic = 'force-dynamic';

export const generateMetadata = () =>
  pageMetadata({ path: '/shipping', title: 'Shipping', description: 'Delivery fees and times by area across New Zealand: courier, two-person delivery, assembly and free click & collect.' });

const card = 'rounded-[var(--radius-card)] border border-line bg-surface';
/** More postcodes than this fold away behind their count. */
const SHOWN_POSTCODES = 8;

/** Delivery services first, by size of job; click & collect last. */
const SHOWN_ORDER: ServiceRule['kind'][] = ['courier', 'two_person', 'two_person_assembly', 'click_collect'];

const days = (n: number) => `${n} working day${n === 1 ? '' : 's'}`;

/** "From $49.00" figures of the cards at the top: the lowest fee of a kind over the served zones. */
function lowestFee(zones: GuideZone[], kind: ServiceRule['kind']): number | null {
  const fees = zones.flatMap((z) => z.services.filter((s) => s.kind === kind && s.active).map((s) => s.fee));
  return fees.length > 0 ? Math.min(...fees) : null;
}

export default async function ShippingPage() {
  const [s, zones] = await Promise.all([getShopSettingsCached(), getDeliveryGuide()]);
  const money = (cents: number) => formatMoney(toDecimal(cents), s.currency);
  const served = zones.filter((z) => z.served);
  const notServed = zones.filter((z) => !z.served);
  const pickups = pickupsOf(served);
  const collect = served.flatMap((z) => z.services.filter((sv) => sv.kind === 'click_collect' && sv.active && sv.pickup));
  const courierFrom = lowestFee(served, 'courier');
  const twoPersonFrom = lowestFee(served, 'two_person');
  const collectFrom = lowestFee(served, 'click_collect');
  const offering = (kind: ServiceRule['kind']) => served.filter((z) => z.services.some((sv) => sv.kind === kind && sv.active)).map((z) => z.name);
  const surcharged = served.flatMap((z) => z.services.filter((sv) => (sv.kind === 'two_person' || sv.kind === 'two_person_assembly') && sv.active && sv.bulkySurcharge > 0).map((sv) => ({ zone: z.name, fee: sv.bulkySurcharge })));
  const assemblyWhere = whereText(offering('two_person_assembly'), served.map((z) => z.name));

  return (
    <InfoPage title="Shipping" lead="What delivery costs depends on where you live and the size of what you order. The fees below are exactly what checkout charges.">
      <div className="mt-8 grid max-w-4xl gap-4 sm:grid-cols-3">
        {courierFrom !== null && (
          <div className={`${card} p-5`}>
            <p className="text-sm text-muted">Parcels by courier</p>
            <p className="mt-1 font-display text-3xl text-ink">
              <span className="text-base text-muted">from </span>
              <span data-testid="shipping-fee">{money(courierFrom)}</span>
            </p>
          </div>
        )}
        {twoPersonFrom !== null && (
          <div className={`${card} p-5`}>
            <p className="text-sm text-muted">Large pieces, two-person team</p>
            <p className="mt-1 font-display text-3xl text-ink">
              <span className="text-base text-muted">from </span>
              {money(twoPersonFrom)}
            </p>
          </div>
        )}
        {collectFrom !== null && pickups.length > 0 && (
          <div className="rounded-[var(--radius-card)] border border-brand/30 bg-brand-soft p-5">
            <p className="text-sm text-brand-dark">Click &amp; collect, {listText(pickups.map((p) => p.name))}</p>
            <p className="mt-1 font-display text-3xl text-brand-dark">{collectFrom === 0 ? 'Free' : money(collectFrom)}</p>
          </div>
        )}
      </div>

      <Prose>
        <h2 id="areas">Fees by area</h2>
        <p>Find your postcode below. Where a postcode appears in more than one area, the more specific area applies: a listed postcode before a range, a narrow range before a wide one.</p>
      </Prose>
      <ul className="mt-6 grid max-w-4xl gap-4 lg:grid-cols-2" aria-label="Delivery areas">
        {served.map((z) => (
          <li key={z.id} id={`zone-${z.id}`} className={`${card} p-5`} data-testid={`shipping-zone-${z.id}`}>
            <h3 className="font-display text-xl text-ink">{z.name}</h3>
            <Postcodes zone={z} others={z.postcodeRanges.some((r) => r.to - r.from > 1000)} />
            <ul className="mt-4 divide-y divide-line" aria-label={`Services in ${z.name}`}>
              {z.services
                .filter((sv) => sv.active && (sv.kind !== 'click_collect' || sv.pickup))
                .sort((a, b) => SHOWN_ORDER.indexOf(a.kind) - SHOWN_ORDER.indexOf(b.kind) || a.fee - b.fee)
                .map((sv) => (
                  <li key={sv.id} className="py-3 first:pt-0 last:pb-0">
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="font-semibold text-ink">{sv.name}</span>
                      <span className="shrink-0 tabular-nums text-ink">{sv.fee === 0 ? 'Free' : money(sv.fee)}</span>
                    </div>
                    <p className="mt-1 text-sm text-muted">
                      {[
                        sv.kind === 'click_collect' && sv.pickup ? `From ${sv.pickup.name}` : null,
                        sv.fee > 0 && sv.freeOver !== null ? `free over ${money(sv.freeOver)}` : null,
                        sv.bulkySurcharge > 0 && sv.kind !== 'courier' ? `+${money(sv.bulkySurcharge)} per bulky piece` : null,
                        sv.kind === 'click_collect' ? `ready in ${days(sv.leadDays)}` : days(sv.leadDays),
                        weekdaysText(sv.weekdays),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
      {notServed.length > 0 && (
        <p className="mt-4 max-w-4xl text-sm text-ink" data-testid="shipping-not-served">
          <strong>Not served:</strong> we can&apos;t deliver to {listText(notServed.map((z) => `${z.name} (${postcodesText(z).join(', ')})`))}, and checkout won&apos;t
          accept an address there.
        </p>
      )}

      <Prose>
        {collect.length > 0 && (
          <>
            <h2 id="click-and-collect">Click &amp; collect</h2>
            {pickups.map((p) => {
              const service = collect.find((sv) => sv.pickup?.id === p.id)!;
              return (
                <p key={p.id}>
                  <strong>{p.name}</strong>, {p.address}. Open {p.openingHours}. {service.fee === 0 ? 'Free' : money(service.fee)}; your order is ready to
                  collect {days(service.leadDays)} after you order, and we email you when it is.
                </p>
              );
            })}
          </>
        )}

        <h2>Which service fits your order</h2>
        <ul>
          <li>
            <strong>{KIND_LABEL.courier}</strong> takes parcel-sized pieces: no side longer than {BULKY_LONGEST_SIDE_CM} cm and width, height and depth
            adding up to no more than {BULKY_SIDES_SUM_CM} cm. An order with a larger piece goes with a two-person team.
          </li>
          <li>
            <strong>{KIND_LABEL.two_person}</strong> takes any piece, brought inside to the room of your choice on the ground floor or up one flight of
            stairs.{' '}
            {surcharged.length > 0
              ? `Each bulky piece adds a surcharge: ${listText([...new Map(surcharged.map((x) => [x.zone, x])).values()].map((x) => `${money(x.fee)} in ${x.zone}`))}.`
              : 'There is no extra charge per bulky piece.'}
          </li>
          {offering('two_person_assembly').length > 0 && (
            <li>
              <strong>{KIND_LABEL.two_person_assembly}</strong>
              {assemblyWhere ? ` (${assemblyWhere})` : ''}: the team puts the piece together and takes the packaging away. Each piece adds its own
              assembly fee, shown at checkout; the assembly fee is charged even when delivery is free.
            </li>
          )}
          <li>Some pieces can only be collected; their product page says so.</li>
          <li>
            &ldquo;Free over&rdquo; counts the goods in your order after any discount. When they reach it, the delivery fee and any bulky surcharge are
            waived.
          </li>
        </ul>

        <h2>Delivery days</h2>
        <ul>
          <li>Lead times count working days: Monday to Friday, not New Zealand public holidays. Checkout shows the earliest day for your address.</li>
          {offering('two_person').length > 0 && (
            <li>
              For two-person delivery you book the day and a window at checkout — {WINDOW_TEXT.morning} or {WINDOW_TEXT.afternoon} — from the days the
              service runs in your area. Popular days can fill up; then pick another.
            </li>
          )}
          <li>Flat-pack pieces arrive boxed with instructions; assembled pieces arrive ready to use.</li>
        </ul>

        <h2>Tracking and changes</h2>
        <p>
          Your order&apos;s status is always on <Link href="/order">My Orders</Link>. To change a delivery address before
          dispatch, or to rebook a delivery, <Link href="/contact">contact us</Link>.
        </p>
        <p className="text-sm text-muted">All prices and fees are in New Zealand dollars and include GST. We deliver within New Zealand only.</p>
      </Prose>
    </InfoPage>
  );
}

/** A zone's postcodes; a long list folds away behind its count. `others`: a wide range only takes what narrower zones leave. */
function Postcodes({ zone, others }: { zone: GuideZone; others: boolean }) {
  const list = postcodesText(zone);
  if (list.length === 0) return null;
  const note = others ? ' (where no area above applies)' : '';
  if (list.length <= SHOWN_POSTCODES) {
    return (
      <p className="mt-1 text-sm text-muted">
        Postcodes {list.join(', ')}
        {note}
      </p>
    );
  }
  return (
    <details className="mt-1 text-sm text-muted">
      <summary className="cursor-pointer">Show the {zone.postcodes.length + zone.postcodeRanges.length} postcodes{note}</summary>
      <p className="mt-1">{list.join(', ')}</p>
    </details>
  );
}
