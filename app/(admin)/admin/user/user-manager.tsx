'use client';
/**
 * User Management table (spec §2 User Management, §5 Admin forms, §8 Users): Username, Email,
 * Reset Password, Admin (Yes/No), Edit/Save/Cancel/Delete, and an add row. Forms use the shared
 * schemas of lib/accounts/user-admin-schemas.ts; every change goes through the REST API.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiFetch, toastFailure } from '@/components/admin/admin-api';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/admin/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { AdminUserJson } from '@/lib/accounts/users';
import { emailField, newUserSchema, resetPasswordSchema, userNameField } from '@/lib/accounts/user-admin-schemas';

const MSG = {
  update: 'Failed to update user. Please try again.',
  remove: 'Failed to delete user. Please try again.',
  reset: 'Failed to reset password. Please try again.',
  add: 'Failed to add user. Please try again.',
  resetDone: 'Password reset successfully.',
};

const inputClass = 'w-full min-w-[8rem] rounded-lg border border-line bg-surface px-2.5 py-1.5 text-sm text-ink focus:border-brand';

/** The inline edit form: username and email required, the admin flag. */
const editSchema = z.object({ user_name: userNameField, email: emailField, is_admin: z.boolean().optional() });
type EditInput = z.input<typeof editSchema>;
type EditOutput = z.output<typeof editSchema>;

export function UserManager({ users, currentUserId }: { users: AdminUserJson[]; currentUserId: number }) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const [resetting, setResetting] = useState<AdminUserJson | null>(null);
  const router = useRouter();

  async function remove(user: AdminUserJson) {
    try {
      const res = await apiFetch<{ deactivated: boolean }>(`/api/users/${user.user_id}`, { method: 'DELETE' });
      toast.success(res.deactivated ? `${user.user_name} has orders, so the account was deactivated instead of deleted.` : `${user.user_name} deleted.`);
      router.refresh();
    } catch (e) {
      toastFailure(MSG.remove, e);
      throw e;
    }
  }

  return (
    <div className="space-y-4">
      <AdminTable label="Users" stacked>
        <thead>
          <tr>
            <Th>Username</Th>
            <Th>Email</Th>
            <Th>Reset Password</Th>
            <Th>Admin</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {users.length === 0 ? <EmptyRow colSpan={5}>No users yet.</EmptyRow> : null}
          {users.map((user) =>
            editingId === user.user_id ? (
              <EditRow key={user.user_id} user={user} isSelf={user.user_id === currentUserId} onDone={() => setEditingId(null)} />
            ) : (
              <Tr key={user.user_id} data-testid={`user-row-${user.user_id}`} className={clsx(user.deactivated && 'opacity-60')}>
                <Td data-label="Username" className="font-medium text-ink">
                  {user.user_name}
                  {user.user_id === currentUserId ? <span className="ml-2 text-xs text-muted">(you)</span> : null}
                  {user.deactivated ? <span className="ml-2 rounded-full bg-canvas px-2 py-0.5 text-xs text-muted">Deactivated</span> : null}
                </Td>
                <Td data-label="Email" className="break-all max-md:col-span-2">
                  {user.email}
                </Td>
                <Td data-label="Password">
                  <AdminButton size="sm" onClick={() => setResetting(user)} disabled={user.deactivated}>
                    Reset Password
                  </AdminButton>
                </Td>
                <Td data-label="Admin">{user.is_admin ? 'Yes' : 'No'}</Td>
                <Td className="max-md:col-span-2">
                  <div className="flex flex-wrap gap-2">
                    <AdminButton size="sm" onClick={() => setEditingId(user.user_id)} disabled={editingId !== null || user.deactivated}>
                      Edit
                    </AdminButton>
                    {user.user_id !== currentUserId && !user.deactivated ? (
                      <ConfirmDialog
                        trigger={
                          <AdminButton size="sm" variant="danger">
                            Delete
                          </AdminButton>
                        }
                        title={`Delete ${user.user_name}`}
                        description="Are you sure you want to delete this user? An account with orders is deactivated instead, so its order history is kept."
                        confirmLabel="Delete"
                        onConfirm={() => remove(user)}
                      />
                    ) : null}
                  </div>
                </Td>
              </Tr>
            ),
          )}
          <AddRow />
        </tbody>
      </AdminTable>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}

function EditRow({ user, isSelf, onDone }: { user: AdminUserJson; isSelf: boolean; onDone: () => void }) {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(editSchema),
    defaultValues: { user_name: user.user_name, email: user.email, is_admin: user.is_admin },
  });

  async function save(values: EditOutput) {
    const body: Record<string, unknown> = {};
    if (values.user_name !== user.user_name) body.user_name = values.user_name;
    if (values.email !== user.email) body.email = values.email;
    if (values.is_admin !== undefined && values.is_admin !== user.is_admin) body.is_admin = values.is_admin;
    if (Object.keys(body).length === 0) return onDone();
    try {
      await apiFetch(`/api/users/${user.user_id}`, { method: 'PUT', body });
      toast.success(`${values.user_name} updated.`);
      onDone();
      router.refresh();
    } catch (e) {
      toastFailure(MSG.update, e);
    }
  }

  const formId = `edit-user-${user.user_id}`;
  return (
    <Tr data-testid={`user-row-${user.user_id}`} className="bg-brand-soft/40">
      <Td data-label="Username" className="max-md:col-span-2">
        <form id={formId} onSubmit={handleSubmit(save)} noValidate />
        <input form={formId} aria-label="Username" className={inputClass} {...register('user_name')} />
        {errors.user_name ? <span className="mt-1 block text-xs text-danger">{errors.user_name.message}</span> : null}
      </Td>
      <Td data-label="Email" className="max-md:col-span-2">
        <input form={formId} type="email" aria-label="Email" className={inputClass} {...register('email')} />
        {errors.email ? <span className="mt-1 block text-xs text-danger">{errors.email.message}</span> : null}
      </Td>
      <Td className="text-muted max-md:hidden">—</Td>
      <Td>
        <label className="flex items-center gap-2 text-sm">
          <input form={formId} type="checkbox" {...register('is_admin')} disabled={isSelf} aria-describedby={isSelf ? `${formId}-self` : undefined} />
          Admin
        </label>
        {isSelf ? (
          <span id={`${formId}-self`} className="mt-1 block text-xs text-muted">
            You cannot remove your own rights.
          </span>
        ) : null}
      </Td>
      <Td>
        <div className="flex flex-wrap gap-2">
          <AdminButton form={formId} type="submit" size="sm" variant="primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save'}
          </AdminButton>
          <AdminButton size="sm" onClick={onDone} disabled={isSubmitting}>
            Cancel
          </AdminButton>
        </div>
      </Td>
    </Tr>
  );
}

type NewUserInput = z.input<typeof newUserSchema>;
type NewUserOutput = z.output<typeof newUserSchema>;

function AddRow() {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewUserInput, unknown, NewUserOutput>({
    resolver: zodResolver(newUserSchema),
    defaultValues: { user_name: '', email: '', password: '', is_admin: false },
  });

  async function add(values: NewUserOutput) {
    try {
      await apiFetch('/api/users', { method: 'POST', body: values });
      toast.success(`${values.user_name} added.`);
      reset();
      router.refresh();
    } catch (e) {
      toastFailure(MSG.add, e);
    }
  }

  return (
    <tr className="bg-canvas/60" data-testid="add-user-row">
      <td className="px-3 py-3 align-top max-md:col-span-2">
        <form id="add-user" onSubmit={handleSubmit(add)} noValidate aria-label="Add user" />
        <input form="add-user" placeholder="New username" aria-label="New username" autoComplete="off" className={inputClass} {...register('user_name')} />
        {errors.user_name ? <span className="mt-1 block text-xs text-danger">{errors.user_name.message}</span> : null}
      </td>
      <td className="px-3 py-3 align-top max-md:col-span-2">
        <input form="add-user" type="email" placeholder="Email" aria-label="New user's email" autoComplete="off" className={inputClass} {...register('email')} />
        {errors.email ? <span className="mt-1 block text-xs text-danger">{errors.email.message}</span> : null}
      </td>
      <td className="px-3 py-3 align-top max-md:col-span-2">
        <input form="add-user" type="password" placeholder="Password" aria-label="New user's password" autoComplete="new-password" className={inputClass} {...register('password')} />
        {errors.password ? <span className="mt-1 block text-xs text-danger">{errors.password.message}</span> : null}
      </td>
      <td className="px-3 py-3 align-top max-md:col-span-2">
        <label className="flex items-center gap-2 pt-1.5 text-sm">
          <input form="add-user" type="checkbox" {...register('is_admin')} />
          Admin
        </label>
      </td>
      <td className="px-3 py-3 align-top max-md:col-span-2">
        <AdminButton form="add-user" type="submit" variant="primary" size="sm" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add User'}
        </AdminButton>
      </td>
    </tr>
  );
}

/**
 * Reset Password (spec §5: a prompt where empty input cancels): a Radix Dialog with one password
 * field; submitting it empty closes the dialog without a request.
 */
function ResetPasswordDialog({ user, onClose }: { user: AdminUserJson | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!user) return;
    if (password === '') return close();
    const parsed = resetPasswordSchema.safeParse({ newPassword: password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.reset);
    setBusy(true);
    try {
      await apiFetch(`/api/users/${user.user_id}/reset-password`, { method: 'PUT', body: parsed.data });
      toast.success(MSG.resetDone);
      close();
    } catch (err) {
      toastFailure(MSG.reset, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={user !== null} onOpenChange={(open) => (!open && !busy ? close() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-card bg-surface p-6 shadow-xl">
          <Dialog.Title className="font-display text-lg text-ink">Reset password{user ? ` for ${user.user_name}` : ''}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            Enter a new password (at least 8 characters). Leave it empty to cancel. The user is signed out everywhere.
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 space-y-3">
            <label className="block text-sm">
              <span className="mb-1 block font-medium text-ink">New password</span>
              <input
                type="password"
                autoComplete="new-password"
                autoFocus
                className={inputClass}
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(null);
                }}
              />
            </label>
            {error ? (
              <p role="alert" className="text-xs text-danger">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <AdminButton disabled={busy}>Cancel</AdminButton>
              </Dialog.Close>
              <AdminButton type="submit" variant="primary" disabled={busy}>
                {busy ? 'Saving…' : 'Reset Password'}
              </AdminButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
