'use client';
/**
 * User Management (spec §2, §5 Admin forms, §8 Users): the search (user name,
 * e-mail or name), then Username, Email, Reset Password, Admin (Yes/No), Edit / Delete (and, for
 * staff with customers.write, Download data / Close account: customer-data-actions.tsx), the inline
 * edit row and the add row, USERS_PAGE_SIZE accounts a page with Previous / Next. The search and
 * the page live in the address (?q, ?page) and are read on the server; every change goes through
 * the REST API and the same page is read again through GET /api/users; after Add User the list
 * shows its last page (oldest first, so the new account is there).
 */
import Form from 'next/form';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { Td } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/ui/button';
import { Pager } from '@/components/admin/pager';
import { toastFailure } from '@/components/ui/toast-failure';
import { api } from '@/lib/api/client';
import type { AdminUserJson } from '@/lib/accounts/contracts';
import { USERS_PAGE_SIZE } from '@/lib/accounts/user-admin-schemas';
import { USERS } from './account-kinds';
import { AccountRow, AccountTable } from './account-table';
import { CustomerDataActions } from './customer-data-actions';
import { ResetPasswordDialog } from './reset-password-dialog';
import { useAccounts } from './use-accounts';
import { userListHref, type UserQuery } from './user-query';
import { UserAddRow, UserEditRow } from './user-rows';

type Props = {
  /** The page the server read for `query`. */
  initial: { users: AdminUserJson[]; total: number; totalPages: number };
  query: UserQuery;
  currentUserId: number;
  /** Whether the signed-in staff member holds customers.write: Download data and Close account show. */
  mayHandleData: boolean;
};

export function UserManager({ initial, query, currentUserId, mayHandleData }: Props) {
  const router = useRouter();
  const [totals, setTotals] = useState({ total: initial.total, totalPages: initial.totalPages });
  // The list reads this page of this search again after each change.
  const kind = useMemo(
    () => ({
      ...USERS,
      read: async () => {
        const page = await api.accounts.users({ q: query.q || undefined, page: query.page, limit: USERS_PAGE_SIZE });
        setTotals({ total: page.total, totalPages: page.totalPages });
        return page.items;
      },
    }),
    [query.q, query.page],
  );
  const { accounts: users, reload, remove } = useAccounts(kind, initial.users);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [resetting, setResetting] = useState<AdminUserJson | null>(null);
  const empty = users.length > 0 ? null : query.q ? `No users match “${query.q}”.` : 'No users yet.';

  /** After Add User: the new account is the newest, so it is on the last page of the unsearched list; go there. */
  async function showAdded() {
    try {
      const { totalPages } = await api.accounts.users({ limit: USERS_PAGE_SIZE });
      if (!query.q && query.page === totalPages) await reload();
      else router.push(userListHref({ q: '', page: totalPages }));
    } catch (e) {
      toastFailure(USERS.loadFailure, e);
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Form action="/admin/user" role="search" className="flex w-full min-w-0 flex-wrap items-center gap-2 sm:w-auto sm:flex-1">
          <label htmlFor="user-search" className="sr-only">
            Find a user by username, email or name
          </label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={100}
            placeholder="Find by username, email or name"
            className="min-w-0 flex-1 basis-48 rounded-lg border border-line bg-surface px-3 py-2 text-sm sm:max-w-xs"
          />
          <AdminButton type="submit">Search</AdminButton>
          {query.q ? (
            <AdminButton variant="ghost" onClick={() => router.push(userListHref({ q: '', page: 1 }))}>
              Clear Search
            </AdminButton>
          ) : null}
        </Form>
        <p className="text-sm text-muted" data-testid="user-total">
          {totals.total} {totals.total === 1 ? 'user' : 'users'}
          {query.q ? ` matching “${query.q}”` : ''}
        </p>
      </div>

      <AccountTable label="Users" headers={['Username', 'Email', 'Reset Password', 'Admin', 'Actions']} empty={empty}>
        {users.map((user) => {
          const isSelf = user.user_id === currentUserId;
          return editingId === user.user_id ? (
            <UserEditRow
              key={user.user_id}
              user={user}
              isSelf={isSelf}
              onCancel={() => setEditingId(null)}
              onSaved={() => {
                setEditingId(null);
                void reload();
              }}
            />
          ) : (
            <AccountRow
              key={user.user_id}
              kind={kind}
              account={user}
              isSelf={isSelf}
              deactivated={user.deactivated}
              editDisabled={editingId !== null || user.deactivated}
              deletable={!isSelf && !user.deactivated}
              onEdit={() => setEditingId(user.user_id)}
              onDelete={() => remove(user)}
              actions={mayHandleData && !isSelf && !user.deactivated ? <CustomerDataActions user={user} onClosed={() => void reload()} /> : null}
            >
              <Td data-label="Password">
                <AdminButton size="sm" onClick={() => setResetting(user)} disabled={user.deactivated}>
                  Reset Password
                </AdminButton>
              </Td>
              <Td data-label="Admin">{user.is_admin ? 'Yes' : 'No'}</Td>
            </AccountRow>
          );
        })}
        <UserAddRow onAdded={() => void showAdded()} />
      </AccountTable>
      {totals.totalPages > 1 ? <Pager page={query.page} totalPages={totals.totalPages} onPage={(p) => router.push(userListHref({ q: query.q, page: p }))} /> : null}
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
