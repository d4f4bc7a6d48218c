/**
 * The back office's side navigation (spec §2 Admin area): the spec's eight entries in its order, then Categories, Stock (docs/stock.md), Delivery, the Returns queue (docs/orders.md), the Reviews queue (docs/reviews.md), Discount codes (docs/discounts.md), the Outbox (docs/mail.md), Search (docs/search.md), Roles (docs/accounts-and-security.md) and the Audit log (docs/back-office.md).
 * Each entry names the permission its screen needs (docs/accounts-and-security.md "Staff roles and
 * permissions"): the sidebar shows a staff member only what they may use; each screen's page asks
 * requirePageAdmin for the same permission.
 */
import type { Permission } from '@/lib/auth/permission-list';

export type AdminNavItem = { href: string; label: string; permission?: Permission };

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { href: '/admin', label: 'Home' },
  { href: '/admin/merchant', label: 'Merchant Management', permission: 'products.write' },
  { href: '/admin/product', label: 'Product Management', permission: 'products.write' },
  { href: '/admin/order', label: 'Order Management', permission: 'orders.read' },
  { href: '/admin/user', label: 'User Management', permission: 'customers.read' },
  { href: '/admin/finance', label: 'Finance Center', permission: 'finance.read' },
  { href: '/admin/administrators', label: 'Administrators', permission: 'staff.manage' },
  { href: '/admin/settings', label: 'Settings', permission: 'settings.write' },
  { href: '/admin/categories', label: 'Categories', permission: 'products.write' },
  { href: '/admin/stock', label: 'Stock', permission: 'stock.manage' },
  { href: '/admin/delivery', label: 'Delivery', permission: 'delivery.manage' },
  { href: '/admin/returns', label: 'Returns', permission: 'orders.read' },
  { href: '/admin/reviews', label: 'Reviews', permission: 'reviews.moderate' },
  { href: '/admin/discount-codes', label: 'Discount codes', permission: 'discounts.write' },
  { href: '/admin/outbox', label: 'Outbox', permission: 'settings.write' },
  { href: '/admin/search', label: 'Search', permission: 'products.write' },
  { href: '/admin/roles', label: 'Roles', permission: 'staff.manage' },
  { href: '/admin/audit', label: 'Audit log', permission: 'audit.read' },
];

/** The entries a staff member with these permissions may use. */
export const adminNavFor = (permissions: readonly Permission[]): AdminNavItem[] => ADMIN_NAV.filter((item) => !item.permission || permissions.includes(item.permission));

/** Whether a nav entry is the current page: Home only on /admin itself, others on their subtree. */
export function isActiveNav(href: string, pathname: string | null): boolean {
  if (!pathname) return false;
  if (href === '/admin') return pathname === '/admin' || pathname === '/admin/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
