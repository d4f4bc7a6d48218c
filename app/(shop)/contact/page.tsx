/** Contact Us (spec §2): address, phone, email and opening hours. */
import Link from 'next/link';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '@/components/ui/icons';
import { InfoPage } from '@/components/ui/page-heading';
import { SHOP_CONTACT } from '@/lib/storefront/site-nav';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { getStoreIdentity } from '@/lib/settings/queries';

/** Prerendered at build; refreshed every five minutes so a renamed store reaches its metadata. */
export const revalidate = 300;

export const generateMetadata = () => pageMetadata({ path: '/contact', title: 'Contact Us', description: 'Call, email or visit Totara Home in Epsom, Auckland. Our team answers questions about sizes, delivery and orders.' });

function Card({ icon: Icon, title, children }: { icon: typeof PhoneIcon; title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-[var(--radius-card)] border border-line bg-surface p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-full bg-brand-soft text-brand-dark">
          <Icon />
        </span>
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
      </div>
      <div className="mt-4 text-ink/90">{children}</div>
    </section>
  );
}

export default async function ContactPage() {
  const c = SHOP_CONTACT;
  const { storeName, supportEmail } = await getStoreIdentity();
  return (
    <InfoPage title="Contact Us" lead="Questions about a piece, a delivery or an order? We're a small team in Auckland and we answer every message.">
      <div className="mt-10 grid gap-5 md:grid-cols-2">
        <Card icon={PhoneIcon} title="Call us">
          <p>
            <a href={c.phoneHref} className="text-xl font-semibold text-brand-dark hover:underline">
              {c.phone}
            </a>
          </p>
          <p className="mt-1 text-sm text-muted">Free from any New Zealand phone.</p>
        </Card>
        <Card icon={MailIcon} title="Email us">
          <p>
            <a href={`mailto:${supportEmail}`} className="text-xl font-semibold text-brand-dark hover:underline">
              {supportEmail}
            </a>
          </p>
          <p className="mt-1 text-sm text-muted">We reply within one working day. Include your order number if you have one.</p>
        </Card>
        <Card icon={PinIcon} title="Showroom and warehouse">
          <address className="not-italic leading-relaxed">
            {storeName}
            <br />
            {c.street}
            <br />
            {c.suburb}, {c.city}
            <br />
            {c.country}
          </address>
          <p className="mt-2 text-sm text-muted">Free customer parking at the rear. Click-and-collect orders are ready from the next working day.</p>
        </Card>
        <Card icon={ClockIcon} title="Opening hours">
          <dl className="space-y-2">
            {c.hours.map((h) => (
              <div key={h.days} className="flex justify-between gap-4">
                <dt className="text-muted">{h.days}</dt>
                <dd className="font-medium">{h.time}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
      <p className="mt-10 text-sm text-muted">
        Looking for delivery times or how returns work? The answers are probably in our <Link href="/faq" className="font-medium text-brand-dark underline underline-offset-4">FAQ</Link>.
      </p>
    </InfoPage>
  );
}
