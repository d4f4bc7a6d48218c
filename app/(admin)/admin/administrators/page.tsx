/**
 * /admin/administrators — Administrator Management (spec §2): add form, list with Edit and Delete,
 * edit form. Administrators are users with is_admin (docs/architecture.md); Delete removes
 * administrator rights and keeps the account. The list is read on the server for the first paint;
 * changes go through /api/admins (components/accounts/admin/admins-manager.tsx).
 */
import type { Metadata } from 'next';
import { AdminsManager } from '@/components/accounts/admin/admins-manager';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { listAdmins } from '@/lib/accounts/users';
import { requirePageAdmin } from '@/lib/auth/current-user';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Administrators' };

export default async function AdministratorsPage() {
  const me = await requirePageAdmin('/admin/administrators', 'staff.manage');
  const admins = await listAdmins(me).catch((e: unknown) => void console.error('[admin] administrator list failed', e));
  return (
    <>
      <AdminPageHeader title="Administrator Management" description="Who can run the back office. Removing an administrator keeps their account as a customer account." />
      {admins ? <AdminsManager admins={admins} currentUserId={me.id} /> : <ErrorBanner messages={['Failed to load administrators. Please try again.']} />}
    </>
  );
}
