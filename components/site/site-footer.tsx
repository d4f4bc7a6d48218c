'use client';
/**
 * The storefront footer (spec §2 Footer): Quick Links; Customer Service (FAQ, Shipping, Returns,
 * Contact) or, for administrators, Admin Links (Dashboard, Reports, Settings); the shop's social
 * pages set in the settings (none set: no "Follow us" column); the copyright line with the current
 * year, the privacy policy and the terms of sale.
 *
 * A client component although it is static: its markup then stays out of every page's React payload
 * (the code is loaded once and cached by the browser), which keeps the cached pages small.
 */
import { Container } from '@/components/ui/container';
import { FacebookIcon, InstagramIcon, PinterestIcon } from '@/components/ui/icons';
import Link from 'next/link';
import { LEGAL_LINKS, QUICK_LINKS, SHOP_CONTACT } from '@/lib/storefront/site-nav';
import type { StoreIdentity } from '@/lib/settings/queries';
import { BrandMark } from './brand-mark';
import { FooterColumn } from './footer-column';
import { FooterServiceColumn } from './header-account';

const ICONS = { facebook: FacebookIcon, instagram: InstagramIcon, pinterest: PinterestIcon } as const;

/** `store`: the store name, support address and social pages of the settings (read by the server layout). */
export function SiteFooter({ store }: { store: StoreIdentity }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-20 border-t border-line bg-surface print:hidden" data-testid="site-footer">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="space-y-4">
          <BrandMark name={store.storeName} />
          <p className="max-w-xs text-sm text-muted">
            Furniture for New Zealand homes — delivered from our Auckland warehouse to your door, from Kaitaia to Bluff.
          </p>
          <p className="text-sm text-muted">
            <a href={SHOP_CONTACT.phoneHref} className="hover:text-brand-dark hover:underline">
              {SHOP_CONTACT.phone}
            </a>
            <span aria-hidden="true"> · </span>
            <a href={`mailto:${store.supportEmail}`} className="hover:text-brand-dark hover:underline" data-testid="support-email">
              {store.supportEmail}
            </a>
          </p>
        </div>
        <FooterColumn title="Quick Links" links={QUICK_LINKS} />
        <FooterServiceColumn />
        {store.socialLinks.length > 0 && (
          <div data-testid="social-links">
            <h2 className="text-sm font-semibold tracking-wide text-ink">Follow us</h2>
            <ul className="mt-4 flex gap-3">
              {store.socialLinks.map((s) => {
                const Icon = ICONS[s.network];
                return (
                  <li key={s.network}>
                    <a
                      href={s.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${store.storeName} on ${s.label} (opens in a new tab)`}
                      className="grid size-10 place-items-center rounded-full border border-line text-muted hover:border-brand hover:text-brand-dark"
                    >
                      <Icon />
                    </a>
                  </li>
                );
              })}
            </ul>
            <p className="mt-4 text-sm text-muted">New arrivals and styling ideas, a few times a month.</p>
          </div>
        )}
      </Container>
      <div className="border-t border-line">
        <Container className="flex flex-col gap-2 py-5 text-xs text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>© {year} {store.storeName}. All rights reserved.</p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {LEGAL_LINKS.map((l) => (
                <li key={l.href}>
                  <Link href={l.href} className="hover:text-brand-dark hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>Prices in New Zealand dollars, including GST.</p>
        </Container>
      </div>
    </footer>
  );
}
