/**
 * /admin/administrators — Administrator Management (spec §2): add form, list with Edit and Delete,
 * edit form. Administrators are users with is_admin (DESIGN.md); Delete removes administrator
 * rights and keeps the account. Read on the server; changes go through /api/admins.
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { listAdmins, type AdminJson } from '@/lib/accounts/users';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { AdminsManager } from './admins-manager';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Administrators' };

export default async function AdministratorsPage() {
  const me = await requirePageAdmin('/admin/administrators');
  let admins: AdminJson[] | null = null;
  try {
    admins = await listAdmins();
  } catch (e) {
    console.error('[admin] administrator list failed', e);
  }
  return (
    <>
      <AdminPageHeader title="Administrator Management" description="Who can run the back office. Removing an administrator keeps their account as a customer account." />
      {admins ? <AdminsManager admins={admins} currentUserId={me.id} /> : <ErrorBanner messages={['Failed to load administrators. Please try again.']} />}
    </>
  );
}
