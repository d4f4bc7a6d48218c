/**
 * /admin/user — User Management (spec §2, §8 Users): every account with inline edit of username,
 * email and the admin flag, Reset Password, Delete (deactivates an account with orders), and the
 * add row. The list is read on the server for the first paint; changes go through /api/users
 * (components/accounts/admin/user-manager.tsx).
 */
import type { Metadata } from 'next';
import { UserManager } from '@/components/accounts/admin/user-manager';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { listUsers } from '@/lib/accounts/users';
import { requirePageAdmin } from '@/lib/auth/current-user';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'User Management' };

export default async function UserManagementPage() {
  const me = await requirePageAdmin('/admin/user');
  const users = await listUsers(me).catch((e: unknown) => void console.error('[admin] user list failed', e));
  return (
    <>
      <AdminPageHeader title="User Management" description="Customers and administrators. Accounts with orders are deactivated rather than deleted." />
      {users ? <UserManager users={users} currentUserId={me.id} /> : <ErrorBanner messages={['Failed to load users. Please try again.']} />}
    </>
  );
}
