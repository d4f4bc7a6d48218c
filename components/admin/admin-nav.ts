/** The back office's side navigation (spec §2 Admin area): the spec's eight entries in its order, then Categories, Delivery, the Returns queue (docs/orders.md), the Reviews queue (docs/reviews.md), Discount codes (docs/discounts.md), the Outbox (docs/mail.md) and Search (docs/search.md). */
export type AdminNavItem = { href: string; label: string };

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { href: '/admin', label: 'Home' },
  { href: '/admin/merchant', label: 'Merchant Management' },
  { href: '/admin/product', label: 'Product Management' },
  { href: '/admin/order', label: 'Order Management' },
  { href: '/admin/user', label: 'User Management' },
  { href: '/admin/finance', label: 'Finance Center' },
  { href: '/admin/administrators', label: 'Administrators' },
  { href: '/admin/settings', label: 'Settings' },
  { href: '/admin/categories', label: 'Categories' },
  { href: '/admin/delivery', label: 'Delivery' },
  { href: '/admin/returns', label: 'Returns' },
  { href: '/admin/reviews', label: 'Reviews' },
  { href: '/admin/discount-codes', label: 'Discount codes' },
  { href: '/admin/outbox', label: 'Outbox' },
  { href: '/admin/search', label: 'Search' },
];

/** Whether a nav entry is the current page: Home only on /admin itself, others on their subtree. */
export function isActiveNav(href: string, pathname: string | null): boolean {
  if (!pathname) return false;
  if (href === '/admin') return pathname === '/admin' || pathname === '/admin/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
