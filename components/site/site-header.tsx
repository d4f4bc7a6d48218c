'use client';
/**
 * The storefront header (spec §2 Header): brand, Home, Products, search, and by role —
 * visitor: Login and Sign Up; customer: Cart, My Orders; admin: the four back-office links;
 * signed in: "Welcome, {user_name}", a profile icon link and Logout.
 * Wide screens show two rows; phones a compact bar with a Radix dialog menu. Customers see a cart
 * icon with the number of units in their cart. The role-dependent parts are client components
 * (header-account.tsx) so that the page around them can be served from cache.
 *
 * A client component although it is static: its markup then stays out of every page's React payload
 * (the code is loaded once and cached by the browser), which keeps the cached pages small.
 */
import Link from 'next/link';
import { Container } from '@/components/ui/container';
import { GUEST_LINKS, HOME_LINKS } from '@/lib/storefront/site-nav';
import type { StoreIdentity } from '@/lib/settings/queries';
import { BrandMark } from './brand-mark';
import { CartLink, HeaderAccount, RoleNavLinks, SavedLink } from './header-account';
import { HeaderSearch } from './header-search';
import { MobileMenu } from './mobile-menu';

const navLink = 'rounded-md py-1 text-ink/85 hover:text-brand-dark hover:underline underline-offset-8 decoration-2 decoration-brand';

/** `store`: the store name and support address of the settings (read by the server layout). */
export function SiteHeader({ store }: { store: StoreIdentity }) {
  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85" data-testid="site-header">
      <Container>
        <div className="flex h-16 items-center gap-4 lg:gap-8">
          <BrandMark name={store.storeName} />
          <HeaderSearch id="header-search" className="hidden flex-1 md:block md:max-w-sm lg:max-w-md" />
          <div className="ml-auto flex items-center gap-3">
            <SavedLink />
            <CartLink />
            <HeaderAccount className="hidden lg:flex" />
            <MobileMenu guestLinks={GUEST_LINKS} className="lg:hidden" />
          </div>
        </div>
        <nav aria-label="Main" className="hidden h-11 items-center gap-7 border-t border-line text-sm lg:flex">
          {HOME_LINKS.map((l) => (
            <Link key={l.href} href={l.href} className={navLink}>
              {l.label}
            </Link>
          ))}
          <RoleNavLinks className={navLink} />
        </nav>
      </Container>
      <div className="px-4 pb-3 md:hidden">
        <HeaderSearch id="header-search-mobile" />
      </div>
    </header>
  );
}
