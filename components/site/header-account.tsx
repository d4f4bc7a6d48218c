'use client';
/**
 * The session-dependent parts of the storefront header and footer (spec §2 Header, Footer; §6
 * Roles), filled in the browser from useViewer() so the pages around them can be cached. Until the
 * viewer is known they keep their space empty rather than guess (no visitor buttons flashing at a
 * signed-in customer).
 */
import Link from 'next/link';
import clsx from 'clsx';
import { LogoutButton } from '@/components/auth/logout-button';
import { buttonClasses } from '@/components/ui/button';
import { CartIcon, HeartIcon, UserIcon } from '@/components/ui/icons';
import { footerServiceColumn, roleLinks } from '@/lib/storefront/site-nav';
import { FooterColumn } from './footer-column';
import { useViewer } from './viewer';

/** Desktop: "Welcome, {user_name}", profile and Logout when signed in; Login and Sign Up otherwise. */
export function HeaderAccount({ className }: { className?: string }) {
  const { status, viewer } = useViewer();
  if (status === 'loading') return <div aria-hidden="true" className={clsx('h-9 w-44', className)} />;
  return (
    <div className={clsx('items-center gap-3', className)}>
      {viewer ? (
        <>
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
  );
}

/** A customer's cart icon with the number of units in the cart (refreshed after each add). */
export function CartLink({ className }: { className?: string }) {
  const { viewer, cartCount } = useViewer();
  if (!viewer || viewer.isAdmin) return null;
  return (
    <Link
      href="/cart"
      className={clsx(buttonClasses('ghost', 'sm'), 'relative px-2.5', className)}
      aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
      data-testid="cart-link"
    >
      <CartIcon />
      {cartCount > 0 && (
        <span aria-hidden="true" data-testid="cart-count" className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand px-1 text-xs font-semibold leading-none text-white tabular-nums">
          {cartCount > 99 ? '99+' : cartCount}
        </span>
      )}
    </Link>
  );
}

/** A customer's link to their saved items (/saved), beside the cart. */
export function SavedLink({ className }: { className?: string }) {
  const { viewer } = useViewer();
  if (!viewer || viewer.isAdmin) return null;
  return (
    <Link href="/saved" className={clsx(buttonClasses('ghost', 'sm'), 'px-2.5', className)} aria-label="Saved items" title="Saved items" data-testid="saved-link">
      <HeartIcon />
    </Link>
  );
}

/** The role links after Home and Products in the header's main row. */
export function RoleNavLinks({ className }: { className: string }) {
  const { viewer } = useViewer();
  return roleLinks(viewer).map((l) => (
    <Link key={l.href} href={l.href} className={className}>
      {l.label}
    </Link>
  ));
}

/** The footer's second column: Customer Service, or Admin Links for administrators. */
export function FooterServiceColumn() {
  const { viewer } = useViewer();
  return <FooterColumn {...footerServiceColumn(viewer)} />;
}
