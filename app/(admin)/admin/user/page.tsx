/**
 * /admin/user — User Management (spec §2, §8 Users): accounts searched by user
 * name, e-mail or name and paged on the server (?q, ?page; USERS_PAGE_SIZE a page, oldest first),
 * with inline edit of username, email and the admin flag, Reset Password, Delete (deactivates an
 * account with orders), Download data and Close account (customers.write only), and the add row. The page the address asks for is read here; changes go
 * through /api/users and read the same page again (components/accounts/admin/user-manager.tsx).
 */
import type { Metadata } from 'next';
import { UserManager } from '@/components/accounts/admin/user-manager';
import { readUserQuery } from '@/components/accounts/admin/user-query';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { USERS_PAGE_SIZE } from '@/lib/accounts/user-admin-schemas';
import { listUsersPage } from '@/lib/accounts/users';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { can } from '@/lib/auth/permissions';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'User Management' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

export default async function UserManagementPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requirePageAdmin('/admin/user', 'customers.read');
  const sp = await searchParams;
  const query = readUserQuery(one(sp.q), one(sp.page));
  const read = async () => {
    const first = await listUsersPage(me, { q: query.q || undefined, page: query.page, limit: USERS_PAGE_SIZE });
    // A page past the end (after deletions, or an old link) shows the last page.
    return first.page > first.totalPages ? listUsersPage(me, { q: query.q || undefined, page: first.totalPages, limit: USERS_PAGE_SIZE }) : first;
  };
  const page = await read().catch((e: unknown) => void console.error('[admin] user list failed', e));
  return (
    <>
      <AdminPageHeader title="User Management" description="Customers and administrators. Accounts with orders are deactivated rather than deleted." />
      {page ? (
        <UserManager key={`${query.q}|${page.page}`} initial={page} query={{ q: query.q, page: page.page }} currentUserId={me.id} mayHandleData={can(me, 'customers.write')} />
      ) : (
        <ErrorBanner messages={['Failed to load users. Please try again.']} />
      )}
    </>
  );
}
