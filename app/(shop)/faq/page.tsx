/** FAQ: short answers to what shoppers ask most; delivery from the delivery zones and services. */
import Link from 'next/link';
import { InfoPage } from '@/components/ui/page-heading';
import { getDeliveryGuide } from '@/lib/delivery/queries';
import { faqDeliveryAnswers, runningMoney } from '@/lib/delivery/shopper-copy';
import { getShopSettingsCached } from '@/lib/settings/queries';
import { SHOP_CONTACT } from '@/lib/storefront/site-nav';
import { pageMetadata } from '@/lib/storefront/page-metadata';

/** Rendered per request at this address; shoppers get it from the page cache via /cached/… (lib/storefront/page-cache.ts). */
export const dynamic = 'force-dynamic';

export const generateMetadata = () => pageMetadata({ path: '/faq', title: 'FAQ', description: 'Answers about delivery, returns, payment, sizes and accounts at Totara Home.' });

const link = 'font-medium text-brand-dark underline underline-offset-4';

export default async function FaqPage() {
  const [s, zones] = await Promise.all([getShopSettingsCached(), getDeliveryGuide()]);
  const delivery = faqDeliveryAnswers(
    zones.filter((z) => z.served),
    runningMoney(s.currency),
  );
  const faqs: { q: string; a: React.ReactNode }[] = [
    {
      q: 'How much is delivery?',
      a: (
        <>
          <span data-testid="faq-delivery-cost">{delivery.cost}</span> Every area&apos;s fees and times are on our{' '}
          <Link href="/shipping" className={link}>Shipping</Link> page.
        </>
      ),
    },
    {
      q: 'How long will my order take?',
      a: delivery.time,
    },
    {
      q: 'Can I return something?',
      a: (
        <>
          Yes — unused pieces within 30 days of delivery, and faulty items at any time under the Consumer Guarantees Act. See{' '}
          <Link href="/returns" className={link}>Returns</Link>.
        </>
      ),
    },
    {
      q: 'How do I pay?',
      a: 'By credit or debit card, or with PayPal. You can pay when you place the order or later from My Orders. Card details are handled by our payment provider and never stored by us.',
    },
    {
      q: 'Do I need an account to buy?',
      a: (
        <>
          Yes. An account keeps your cart on every device and lets you follow and cancel orders. <Link href="/signup" className={link}>Sign up</Link> takes a
          minute.
        </>
      ),
    },
    {
      q: 'Will it fit?',
      a: 'Every product page lists width, height and depth in centimetres, and the catalogue can be filtered by size. Measure doorways and stairs too — our delivery crew can only bring in what fits through them.',
    },
    {
      q: 'Do prices include GST?',
      a: 'Yes. All prices are in New Zealand dollars and include GST.',
    },
    {
      q: 'Can I cancel an order?',
      a: (
        <>
          An order that is still pending and unpaid can be cancelled from <Link href="/order" className={link}>My Orders</Link>. For a paid order, contact us before it
          is dispatched.
        </>
      ),
    },
    {
      q: 'How do I reach you?',
      a: (
        <>
          Call {SHOP_CONTACT.phone} or email {s.supportEmail}. Our hours are on the <Link href="/contact" className={link}>Contact Us</Link> page.
        </>
      ),
    },
  ];

  return (
    <InfoPage title="Frequently asked questions" lead="Quick answers about delivery, returns, payment and sizes.">
      <div className="mt-8 max-w-3xl divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface">
        {faqs.map((f) => (
          <details key={f.q} className="group px-5 py-1 open:bg-canvas/50">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-base font-semibold text-ink [&::-webkit-details-marker]:hidden">
              <h2 className="text-base">{f.q}</h2>
              <span aria-hidden="true" className="text-xl text-muted transition-transform group-open:rotate-45">+</span>
            </summary>
            <div className="pb-5 text-ink/85">{f.a}</div>
          </details>
        ))}
      </div>
    </InfoPage>
  );
}
