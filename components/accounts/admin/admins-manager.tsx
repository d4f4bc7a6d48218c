'use client';
/**
 * Administrator Management (spec §2, §5 Admin forms): the list with Edit and Delete (which takes
 * the rights away and keeps the account), the edit form and the add form. Starts from the
 * server's list; every change goes through /api/admins and the list is read again.
 */
import { useState } from 'react';
import type { AdminJson } from '@/lib/accounts/contracts';
import { ADMINS } from './account-kinds';
import { AccountRow, AccountTable } from './account-table';
import { AdminForm } from './admin-form';
import { useAccounts } from './use-accounts';

export function AdminsManager({ admins: initial, currentUserId }: { admins: AdminJson[]; currentUserId: number }) {
  const { accounts: admins, reload, remove } = useAccounts(ADMINS, initial);
  const [editing, setEditing] = useState<AdminJson | null>(null);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="admins-title" className="space-y-3">
        <h2 id="admins-title" className="font-display text-lg text-ink">
          Administrators
        </h2>
        <AccountTable label="Administrators" headers={['Username', 'Email', 'Actions']} empty={admins.length === 0 ? 'No administrators.' : null}>
          {admins.map((a) => (
            <AccountRow
              key={a.id}
              kind={ADMINS}
              account={a}
              isSelf={a.id === currentUserId}
              deletable={a.id !== currentUserId}
              onEdit={() => setEditing(a)}
              onDelete={async () => {
                await remove(a);
                setEditing((e) => (e?.id === a.id ? null : e));
              }}
            />
          ))}
        </AccountTable>
      </section>

      <div className="space-y-6">
        {editing ? (
          <AdminForm
            key={editing.id}
            admin={editing}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void reload();
            }}
          />
        ) : null}
        <AdminForm onSaved={() => void reload()} />
      </div>
    </div>
  );
}
