'use client';
/**
 * User Management (spec §2, §5 Admin forms, §8 Users): Username, Email, Reset Password, Admin
 * (Yes/No), Edit / Delete, the inline edit row and the add row. Starts from the server's list;
 * every change goes through the REST API and the list is read again.
 */
import { useState } from 'react';
import { Td } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/admin/button';
import type { AdminUserJson } from '@/lib/accounts/contracts';
import { USERS } from './account-kinds';
import { AccountRow, AccountTable } from './account-table';
import { ResetPasswordDialog } from './reset-password-dialog';
import { useAccounts } from './use-accounts';
import { UserAddRow, UserEditRow } from './user-rows';

export function UserManager({ users: initial, currentUserId }: { users: AdminUserJson[]; currentUserId: number }) {
  const { accounts: users, reload, remove } = useAccounts(USERS, initial);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [resetting, setResetting] = useState<AdminUserJson | null>(null);

  return (
    <div className="space-y-4">
      <AccountTable label="Users" headers={['Username', 'Email', 'Reset Password', 'Admin', 'Actions']} empty={users.length === 0 ? 'No users yet.' : null}>
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
              kind={USERS}
              account={user}
              isSelf={isSelf}
              deactivated={user.deactivated}
              editDisabled={editingId !== null || user.deactivated}
              deletable={!isSelf && !user.deactivated}
              onEdit={() => setEditingId(user.user_id)}
              onDelete={() => remove(user)}
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
        <UserAddRow onAdded={() => void reload()} />
      </AccountTable>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
