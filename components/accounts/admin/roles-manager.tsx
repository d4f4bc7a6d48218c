'use client';
/**
 * The Roles screen (docs/accounts-and-security.md "Staff roles and permissions"): every role with
 * its permissions (custom ones deletable), a form for a custom role with a checkbox per permission
 * (only those the signed-in staff member holds can be ticked: nobody grants what they do not
 * hold), and each staff member's roles with Save. The server checks every rule again.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { AdminButton } from '@/components/ui/button';
import { toastFailure } from '@/components/ui/toast-failure';
import { api, errorMessage } from '@/lib/api/client';
import type { RoleJson } from '@/lib/accounts/contracts';
import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from '@/lib/auth/permission-list';

type Staff = { id: number; userName: string; email: string; roleIds: number[] };

function NewRoleForm({ held, onSaved }: { held: readonly Permission[]; onSaved: () => void }) {
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Permission[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api.accounts.createRole({ name, permissions: chosen });
      toast.success(`Role ${name.trim()} added.`);
      setName('');
      setChosen([]);
      onSaved();
    } catch (err) {
      setError(errorMessage(err, 'The role could not be added. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-4 rounded-card border border-line bg-surface p-4" aria-labelledby="new-role">
      <h2 id="new-role" className="font-display text-lg text-ink">
        Add a custom role
      </h2>
      <AdminField label="Role name" error={error}>
        <input className={adminInputClass} value={name} onChange={(e) => setName(e.target.value)} required minLength={2} maxLength={60} />
      </AdminField>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">Permissions</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ALL_PERMISSIONS.map((p) => (
            <label key={p} className="flex items-start gap-2 text-sm text-ink">
              <input
                type="checkbox"
                className="mt-0.5"
                checked={chosen.includes(p)}
                disabled={!held.includes(p)}
                onChange={(e) => setChosen((c) => (e.target.checked ? [...c, p] : c.filter((x) => x !== p)))}
              />
              <span>
                {PERMISSIONS[p]} <span className="text-xs text-muted">({p})</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <AdminButton type="submit" variant="primary" disabled={busy}>
        Add role
      </AdminButton>
    </form>
  );
}

function StaffRoles({ person, roles, onSaved }: { person: Staff; roles: RoleJson[]; onSaved: () => void }) {
  const [ids, setIds] = useState(person.roleIds);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await api.accounts.setStaffRoles(person.id, { role_ids: ids });
      toast.success(`${person.userName}'s roles saved.`);
      onSaved();
    } catch (e) {
      toastFailure(`${person.userName}'s roles were not saved.`, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="space-y-2 py-3" data-testid={`staff-roles-${person.id}`}>
      <p className="text-sm">
        <span className="font-medium text-ink">{person.userName}</span> <span className="text-muted">{person.email}</span>
      </p>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {roles.map((r) => (
          <label key={r.id} className="flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" checked={ids.includes(r.id)} onChange={(e) => setIds((c) => (e.target.checked ? [...c, r.id] : c.filter((x) => x !== r.id)))} />
            {r.name}
          </label>
        ))}
      </div>
      <AdminButton size="sm" onClick={save} disabled={busy || ids.length === 0}>
        Save roles
      </AdminButton>
    </li>
  );
}

export function RolesManager({ roles, staff, held }: { roles: RoleJson[]; staff: Staff[]; held: readonly Permission[] }) {
  const router = useRouter();
  const refresh = () => router.refresh();
  const remove = async (role: RoleJson) => {
    try {
      await api.accounts.deleteRole(role.id);
      toast.success(`Role ${role.name} deleted.`);
      refresh();
    } catch (e) {
      toastFailure(`Role ${role.name} was not deleted.`, e);
    }
  };
  return (
    <div className="space-y-6">
      <section aria-labelledby="role-list" className="rounded-card border border-line bg-surface p-4">
        <h2 id="role-list" className="mb-3 font-display text-lg text-ink">
          Roles
        </h2>
        <ul className="divide-y divide-line">
          {roles.map((r) => (
            <li key={r.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid={`role-${r.id}`}>
              <div className="min-w-0">
                <p className="font-medium text-ink">
                  {r.name} {r.built_in ? <span className="text-xs font-normal text-muted">built-in</span> : null}
                </p>
                <p className="text-sm text-muted">{r.permissions.length === ALL_PERMISSIONS.length ? 'Every permission' : r.permissions.join(', ') || 'No permissions'}</p>
                <p className="text-xs text-muted">{r.staff_count === 1 ? '1 staff member' : `${r.staff_count} staff members`}</p>
              </div>
              {!r.built_in ? (
                <AdminButton size="sm" variant="danger" onClick={() => remove(r)} disabled={r.staff_count > 0} title={r.staff_count > 0 ? 'Give its staff another role first.' : undefined}>
                  Delete
                </AdminButton>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <NewRoleForm held={held} onSaved={refresh} />
      <section aria-labelledby="staff-list" className="rounded-card border border-line bg-surface p-4">
        <h2 id="staff-list" className="font-display text-lg text-ink">
          Staff and their roles
        </h2>
        <ul className="divide-y divide-line">
          {staff.map((p) => (
            <StaffRoles key={`${p.id}-${p.roleIds.join('.')}`} person={p} roles={roles} onSaved={refresh} />
          ))}
        </ul>
      </section>
    </div>
  );
}
