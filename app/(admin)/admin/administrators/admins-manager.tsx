'use client';
/**
 * Administrator Management (spec §2, §5 Admin forms): the add form (Username, Email, Password, all
 * required), the list with Edit and Delete, and the edit form (Username, Email, required) with
 * Update Administrator and Cancel. Forms use the shared schemas; calls go to /api/admins.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiFetch, toastFailure } from '@/components/admin/admin-api';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/admin/button';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { AdminJson } from '@/lib/accounts/users';
import { adminUpdateSchema, newAdminSchema } from '@/lib/accounts/user-admin-schemas';

export function AdminsManager({ admins, currentUserId }: { admins: AdminJson[]; currentUserId: number }) {
  const router = useRouter();
  const [editing, setEditing] = useState<AdminJson | null>(null);

  async function remove(admin: AdminJson) {
    try {
      await apiFetch(`/api/admins/${admin.id}`, { method: 'DELETE' });
      toast.success(`${admin.username} is no longer an administrator.`);
      if (editing?.id === admin.id) setEditing(null);
      router.refresh();
    } catch (e) {
      toastFailure('Failed to delete administrator. Please try again.', e);
      throw e;
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="admins-title" className="space-y-3">
        <h2 id="admins-title" className="font-display text-lg text-ink">
          Administrators
        </h2>
        <AdminTable label="Administrators" stacked>
          <thead>
            <tr>
              <Th>Username</Th>
              <Th>Email</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {admins.length === 0 ? <EmptyRow colSpan={3}>No administrators.</EmptyRow> : null}
            {admins.map((a) => (
              <Tr key={a.id} data-testid={`admin-row-${a.id}`}>
                <Td data-label="Username" className="font-medium text-ink">
                  {a.username}
                  {a.id === currentUserId ? <span className="ml-2 text-xs text-muted">(you)</span> : null}
                </Td>
                <Td data-label="Email" className="break-all">
                  {a.email}
                </Td>
                <Td className="max-md:col-span-2">
                  <div className="flex flex-wrap gap-2">
                    <AdminButton size="sm" onClick={() => setEditing(a)}>
                      Edit
                    </AdminButton>
                    {a.id !== currentUserId ? (
                      <ConfirmDialog
                        trigger={
                          <AdminButton size="sm" variant="danger">
                            Delete
                          </AdminButton>
                        }
                        title={`Delete administrator ${a.username}`}
                        description="Are you sure you want to delete this administrator? Their account stays, without administrator rights."
                        confirmLabel="Delete"
                        onConfirm={() => remove(a)}
                      />
                    ) : null}
                  </div>
                </Td>
              </Tr>
            ))}
          </tbody>
        </AdminTable>
      </section>

      <div className="space-y-6">
        {editing ? <EditAdminForm key={editing.id} admin={editing} onDone={() => setEditing(null)} /> : null}
        <AddAdminForm />
      </div>
    </div>
  );
}

type NewAdminIn = z.input<typeof newAdminSchema>;
type NewAdminOut = z.output<typeof newAdminSchema>;

function AddAdminForm() {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewAdminIn, unknown, NewAdminOut>({ resolver: zodResolver(newAdminSchema), defaultValues: { username: '', email: '', password: '' } });

  async function add(values: NewAdminOut) {
    try {
      await apiFetch('/api/admins', { method: 'POST', body: values });
      toast.success(`${values.username} is now an administrator.`);
      reset();
      router.refresh();
    } catch (e) {
      toastFailure('Failed to add administrator. Please try again.', e);
    }
  }

  return (
    <form onSubmit={handleSubmit(add)} noValidate aria-labelledby="add-admin-title" className="space-y-3 rounded-card border border-line bg-surface p-4">
      <h2 id="add-admin-title" className="font-display text-lg text-ink">
        Add Administrator
      </h2>
      <AdminField label="Username" error={errors.username?.message}>
        <input className={adminInputClass} autoComplete="off" required {...register('username')} />
      </AdminField>
      <AdminField label="Email" error={errors.email?.message}>
        <input type="email" className={adminInputClass} autoComplete="off" required {...register('email')} />
      </AdminField>
      <AdminField label="Password" error={errors.password?.message}>
        <input type="password" className={adminInputClass} autoComplete="new-password" required {...register('password')} />
      </AdminField>
      <AdminButton type="submit" variant="primary" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Adding…' : 'Add Administrator'}
      </AdminButton>
    </form>
  );
}

type EditIn = z.input<typeof adminUpdateSchema>;
type EditOut = z.output<typeof adminUpdateSchema>;

function EditAdminForm({ admin, onDone }: { admin: AdminJson; onDone: () => void }) {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EditIn, unknown, EditOut>({ resolver: zodResolver(adminUpdateSchema), defaultValues: { username: admin.username, email: admin.email } });

  async function update(values: EditOut) {
    try {
      await apiFetch(`/api/admins/${admin.id}`, { method: 'PUT', body: values });
      toast.success(`${values.username} updated.`);
      onDone();
      router.refresh();
    } catch (e) {
      toastFailure('Failed to update administrator. Please try again.', e);
    }
  }

  return (
    <form onSubmit={handleSubmit(update)} noValidate aria-labelledby="edit-admin-title" className="space-y-3 rounded-card border border-brand/40 bg-brand-soft/40 p-4">
      <h2 id="edit-admin-title" className="font-display text-lg text-ink">
        Edit Administrator
      </h2>
      <AdminField label="Username" error={errors.username?.message}>
        <input className={adminInputClass} required {...register('username')} />
      </AdminField>
      <AdminField label="Email" error={errors.email?.message}>
        <input type="email" className={adminInputClass} required {...register('email')} />
      </AdminField>
      <div className="flex gap-2">
        <AdminButton type="submit" variant="primary" disabled={isSubmitting} className="flex-1">
          {isSubmitting ? 'Saving…' : 'Update Administrator'}
        </AdminButton>
        <AdminButton onClick={onDone} disabled={isSubmitting}>
          Cancel
        </AdminButton>
      </div>
    </form>
  );
}
