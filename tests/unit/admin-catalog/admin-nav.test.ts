import { describe, expect, test } from 'vitest';
import { ADMIN_NAV, isActiveNav } from '@/components/admin/admin-nav';

describe('admin sidebar', () => {
  test('lists the spec’s eight entries in order, on the nested singular routes, then Categories, Stock, Delivery, Returns, Reviews, Discount codes, the Outbox, Search, Roles and the Audit log', () => {
    expect(ADMIN_NAV.map((i) => [i.label, i.href])).toEqual([
      ['Home', '/admin'],
      ['Merchant Management', '/admin/merchant'],
      ['Product Management', '/admin/product'],
      ['Order Management', '/admin/order'],
      ['User Management', '/admin/user'],
      ['Finance Center', '/admin/finance'],
      ['Administrators', '/admin/administrators'],
      ['Settings', '/admin/settings'],
      ['Categories', '/admin/categories'],
      ['Stock', '/admin/stock'],
      ['Delivery', '/admin/delivery'],
      ['Returns', '/admin/returns'],
      ['Reviews', '/admin/reviews'],
      ['Discount codes', '/admin/discount-codes'],
      ['Outbox', '/admin/outbox'],
      ['Search', '/admin/search'],
      ['Roles', '/admin/roles'],
      ['Audit log', '/admin/audit'],
    ]);
  });

  test('highlights Home only on /admin and a section on its own pages', () => {
    expect(isActiveNav('/admin', '/admin')).toBe(true);
    expect(isActiveNav('/admin', '/admin/product')).toBe(false);
    expect(isActiveNav('/admin/product', '/admin/product')).toBe(true);
    expect(isActiveNav('/admin/order', '/admin/order/12')).toBe(true);
    expect(isActiveNav('/admin/user', '/admin/users')).toBe(false);
  });
});

describe('admin sidebar by permission', () => {
  test('a Warehouse/fulfilment staff member sees Home, Order Management, Stock and Returns only; an Owner every entry', async () => {
    const { adminNavFor } = await import('@/components/admin/admin-nav');
    const { ALL_PERMISSIONS, BUILT_IN_ROLES } = await import('@/lib/auth/permission-list');
    expect(adminNavFor(BUILT_IN_ROLES['Warehouse/fulfilment']).map((i) => i.label)).toEqual(['Home', 'Order Management', 'Stock', 'Returns']);
    expect(adminNavFor(ALL_PERMISSIONS)).toHaveLength(ADMIN_NAV.length);
    expect(adminNavFor([]).map((i) => i.label)).toEqual(['Home']);
  });
});
