/**
 * The storefront header (spec §2 Header): brand, Home, Products, search, and by role —
 * visitor: Login and Sign Up; customer: Cart, My Orders; admin: the four back-office links;
 * signed in: "Welcome, {user_name}", a profile icon link and Logout.
 * Wide screens show two rows; phones a compact bar with a Radix dialog menu.
 */
import Link from 'next/link';
import { LogoutButton } from '@/components/auth/logout-button';
import { Container } from '@/components/ui/container';
import { buttonClasses } from '@/components/ui/button';
import { CartIcon, UserIcon } from '@/components/ui/icons';
import type { CategoryNode } from '@/lib/catalog/types';
import { GUEST_LINKS, HOME_LINKS, roleLinks, type Viewer } from '@/lib/ui/site-nav';
import { BrandMark } from './brand-mark';
import { HeaderSearch } from './header-search';
import { MobileMenu } from './mobile-menu';

const navLink = 'rounded-md py-1 text-ink/85 hover:text-brand-dark hover:underline underline-offset-8 decoration-2 decoration-brand';

/** `rooms`: the category tree (cached, the same for everyone) for the phone menu. */
export function SiteHeader({ viewer, rooms }: { viewer: Viewer; rooms: CategoryNode[] }) {
  const links = [...HOME_LINKS, ...roleLinks(viewer)];
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85" data-testid="site-header">
      <Container>
        <div className="flex h-16 items-center gap-4 lg:gap-8">
          <BrandMark />
          <HeaderSearch id="header-search" className="hidden flex-1 md:block md:max-w-sm lg:max-w-md" />
          <div className="ml-auto hidden items-center gap-3 lg:flex">
            {viewer ? (
              <>
                {!viewer.isAdmin && (
                  <Link href="/cart" className={buttonClasses('ghost', 'sm')} aria-label="Cart">
                    <CartIcon />
                  </Link>
                )}
                <span className="text-sm text-muted" data-testid="welcome">
                  Welcome, <span className="font-medium text-ink">{viewer.userName}</span>
                </span>
                <Link href="/profile" aria-label="Profile" title="Profile" className="grid size-9 place-items-center rounded-full bg-brand-soft text-brand-dark hover:bg-brand hover:text-white">
                  <UserIcon />
                </Link>
                <LogoutButton className={buttonClasses('outline', 'sm')} />
              </>
            ) : (
              <>
                <Link href="/login" className={buttonClasses('ghost', 'sm')}>
                  Login
                </Link>
                <Link href="/signup" className={buttonClasses('primary', 'sm')}>
                  Sign Up
                </Link>
              </>
            )}
          </div>
          <MobileMenu viewer={viewer} links={links} guestLinks={GUEST_LINKS} rooms={rooms} className="ml-auto lg:hidden" />
        </div>
        <nav aria-label="Main" className="hidden h-11 items-center gap-7 border-t border-line text-sm lg:flex">
          {links.map((l) => (
            <Link key={l.href} href={l.href} className={navLink}>
              {l.label}
            </Link>
          ))}
        </nav>
      </Container>
      <div className="px-4 pb-3 md:hidden">
        <HeaderSearch id="header-search-mobile" />
      </div>
    </header>
  );
}
