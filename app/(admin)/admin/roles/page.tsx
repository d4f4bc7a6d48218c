/**
 * /admin/roles — staff roles (docs/accounts-and-security.md "Staff roles and permissions"): the
 * roles with their permissions, a form for a custom role, and which roles each staff member holds.
 * Read on the server for the first paint; changes go through /api/roles and
 * PUT /api/users/{id}/roles (components/accounts/admin/roles-manager.tsx).
 */
import type { Metadata } from 'next';
import { RolesManager } from '@/components/accounts/admin/roles-manager';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { listRoles, listStaffWithRoles } from '@/lib/accounts/staff-roles';
import { requirePageAdmin } from '@/lib/auth/current-user';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Roles' };

export default async function RolesPage() {
  const me = await requirePageAdmin('/admin/roles', 'staff.manage');
  const data = await Promise.all([listRoles(me), listStaffWithRoles(me)]).catch((e: unknown) => void console.error('[admin] roles failed', e));
  return (
    <>
      <AdminPageHeader title="Roles" description="What each staff member may do. Permissions add up across the roles they hold." />
      {data ? <RolesManager roles={data[0]} staff={data[1]} held={me.permissions} /> : <ErrorBanner messages={['Failed to load roles. Please try again.']} />}
    </>
  );
}
