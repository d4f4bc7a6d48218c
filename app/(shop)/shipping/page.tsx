/** Shipping: fees and delivery times, with the fee and free-shipping threshold from the shop settings. */
import Link from 'next/link';
import { InfoPage } from '@/components/ui/page-heading';
import { Prose } from '@/components/ui/prose';
import { formatMoney, toDecimal } from '@/lib/money';
import { getShopSettingsCached } from '@/lib/settings/queries';
import { pageMetadata } from '@/lib/storefront/page-metadata';

/** Rendered per request at this address; shoppers get it from the page cache via /cached/… (lib/storefront/cached-pages.ts). */
export const dynamic = 'force-dynamic';

export const generateMetadata = () => pageMetadata({ path: '/shipping', title: 'Shipping', description: 'Delivery fees and times for Totara Home orders anywhere in New Zealand, with free delivery on larger orders.' });

const TIMES = [
  { area: 'Auckland', time: '2–4 working days' },
  { area: 'Rest of the North Island', time: '3–6 working days' },
  { area: 'South Island', time: '5–8 working days' },
  { area: 'Rural addresses and Stewart Island', time: 'Add 2–3 working days' },
];

export default async function ShippingPage() {
  const s = await getShopSettingsCached();
  const fee = formatMoney(toDecimal(s.shippingFeeCents), s.currency);
  const freeFrom = formatMoney(toDecimal(s.freeShippingThresholdCents), s.currency);
  return (
    <InfoPage title="Shipping" lead="One flat fee to anywhere in New Zealand — and free delivery on larger orders.">
      <div className="mt-8 grid max-w-3xl gap-4 sm:grid-cols-2">
        <div className="rounded-[var(--radius-card)] border border-line bg-surface p-6">
          <p className="text-sm text-muted">Orders under {freeFrom}</p>
          <p className="mt-1 font-display text-3xl text-ink" data-testid="shipping-fee">{fee}</p>
          <p className="mt-1 text-sm text-muted">per order, however many pieces</p>
        </div>
        <div className="rounded-[var(--radius-card)] border border-brand/30 bg-brand-soft p-6">
          <p className="text-sm text-brand-dark">Orders of {freeFrom} or more</p>
          <p className="mt-1 font-display text-3xl text-brand-dark">Free</p>
          <p className="mt-1 text-sm text-brand-dark/80">delivered to your door</p>
        </div>
      </div>
      <Prose>
        <h2>Delivery times</h2>
        <p>Most pieces leave our Auckland warehouse within two working days of payment. From dispatch, allow:</p>
        <div className="mt-4 overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Delivery times by region</caption>
            <thead className="bg-canvas text-ink">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Delivering to</th>
                <th scope="col" className="px-4 py-3 font-semibold">Usually arrives in</th>
              </tr>
            </thead>
            <tbody>
              {TIMES.map((t) => (
                <tr key={t.area} className="border-t border-line">
                  <td className="px-4 py-3">{t.area}</td>
                  <td className="px-4 py-3">{t.time}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h2>How it arrives</h2>
        <ul>
          <li>Small items travel by courier and can be left in a safe place if you say so at checkout.</li>
          <li>Large pieces come with a two-person crew who bring them inside to the room of your choice on the ground floor or up one flight of stairs.</li>
          <li>We text you the day before with a two-hour delivery window.</li>
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
