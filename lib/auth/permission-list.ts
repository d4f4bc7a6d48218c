/**
 * Every staff permission, named by what it allows, with the label the back office shows, and the
 * built-in roles with the permissions each holds (docs/accounts-and-security.md "Staff roles and
 * permissions"). Pure data, safe for client components. Migrations 0028 and 0038 seed the same built-in
 * roles; tests/admin-ops/permission-matrix.test.ts checks the database agrees with this list.
 */

/** Permission name → what it lets a staff member do. */
export const PERMISSIONS = {
  'orders.read': 'See orders, their history, returns and the dashboard',
  'orders.fulfil': 'Change order status, items, messages and delivery; handle returns',
  'orders.refund': 'Refund orders and returns',
  'products.write': 'Edit products, categories, brands, suppliers and search synonyms',
  'prices.write': "Set a product's price",
  'stock.manage': 'Count, adjust and transfer stock between locations; manage stock locations',
  'customers.read': 'See customer accounts',
  'customers.write': 'Add, edit and deactivate customer accounts; send password resets',
  'discounts.write': 'Manage discount codes',
  'delivery.manage': 'Manage delivery zones, services, pickup locations and the schedule',
  'reviews.moderate': 'Approve, reject and reply to reviews',
  'finance.read': 'See finance: transactions, invoices, payouts and reports',
  'finance.write': 'Record manual transactions and payouts',
  'settings.write': 'Change shop settings and read the outbox',
  'staff.manage': 'Manage staff, administrators and roles',
  'audit.read': 'Read the record of what staff did',
} as const;

export type Permission = keyof typeof PERMISSIONS;

/** Every permission, in the order the back office lists them. */
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** True when a string names a permission. */
export const isPermission = (name: string): name is Permission => Object.hasOwn(PERMISSIONS, name);

/** The Owner role's name: it holds every permission; the shop always keeps one active Owner. */
export const OWNER_ROLE = 'Owner';

/** The built-in roles (seeded by migration 0028; not deletable) and their permissions. */
export const BUILT_IN_ROLES: Readonly<Record<string, readonly Permission[]>> = {
  [OWNER_ROLE]: ALL_PERMISSIONS,
  Manager: ['orders.read', 'orders.fulfil', 'orders.refund', 'products.write', 'prices.write', 'stock.manage', 'customers.read', 'customers.write', 'discounts.write', 'delivery.manage', 'reviews.moderate', 'finance.read', 'audit.read'],
  'Customer service': ['orders.read', 'orders.refund', 'customers.read', 'customers.write', 'reviews.moderate'],
  'Warehouse/fulfilment': ['orders.read', 'orders.fulfil', 'stock.manage'],
  'Catalogue editor': ['products.write', 'prices.write', 'reviews.moderate'],
  Accountant: ['orders.read', 'finance.read', 'finance.write', 'customers.read'],
};
