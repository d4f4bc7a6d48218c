'use client';
/**
 * The User Management table's form rows: the inline edit of an account (Username, Email, the Admin
 * flag; Save / Cancel) and the add row (New username, email, password, Admin; Add User). Each row's
 * inputs belong to a <form> in its first cell through the `form` attribute, as a form cannot wrap
 * a table row.
 */
import { toast } from 'sonner';
import { z } from 'zod';
import { Td, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/ui/button';
import { api } from '@/lib/api/client';
import type { AdminUserJson } from '@/lib/accounts/contracts';
import { emailField, newUserSchema, userNameField, type UserUpdateInput } from '@/lib/accounts/user-admin-schemas';
import { USERS } from './account-kinds';
import { useAccountForm } from './use-account-form';

/** The inputs of the table's rows and of the Reset Password dialog. */
export const cellInputClass = 'w-full min-w-[8rem] rounded-lg border border-line bg-surface px-2.5 py-1.5 text-sm text-ink focus:border-brand';

function CellInput({ error, ...input }: React.ComponentProps<'input'> & { error?: string }) {
  return (
    <>
      <input className={cellInputClass} {...input} />
      {error ? <span className="mt-1 block text-xs text-danger">{error}</span> : null}
    </>
  );
}

/** The inline edit: username and email required, the admin flag. */
const editSchema = z.object({ user_name: userNameField, email: emailField, is_admin: z.boolean().optional() });

/** Sends only what changed; with nothing changed it closes without a request. */
export function UserEditRow({ user, isSelf, onCancel, onSaved }: { user: AdminUserJson; isSelf: boolean; onCancel: () => void; onSaved: () => void }) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useAccountForm(editSchema, { user_name: user.user_name, email: user.email, is_admin: user.is_admin }, 'Failed to update user. Please try again.', async (values) => {
    const body: UserUpdateInput = {};
    if (values.user_name !== user.user_name) body.user_name = values.user_name;
    if (values.email !== user.email) body.email = values.email;
    if (values.is_admin !== undefined && values.is_admin !== user.is_admin) body.is_admin = values.is_admin;
    if (Object.keys(body).length === 0) return onCancel();
    await api.accounts.updateUser(user.user_id, body);
    toast.success(`${values.user_name} updated.`);
    onSaved();
  });

  const formId = `edit-user-${user.user_id}`;
  return (
    <Tr data-testid={USERS.testId(user)} className="bg-brand-soft/40">
      <Td data-label="Username" className="max-md:col-span-2">
        <form id={formId} onSubmit={onSubmit} noValidate />
        <CellInput form={formId} aria-label="Username" error={errors.user_name?.message} {...register('user_name')} />
      </Td>
      <Td data-label="Email" className="max-md:col-span-2">
        <CellInput form={formId} type="email" aria-label="Email" error={errors.email?.message} {...register('email')} />
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
          <AdminButton size="sm" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </AdminButton>
        </div>
      </Td>
    </Tr>
  );
}

function AddCell({ children }: { children: React.ReactNode }) {
  return <td className="px-3 py-3 align-top max-md:col-span-2">{children}</td>;
}

export function UserAddRow({ onAdded }: { onAdded: () => void }) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useAccountForm(newUserSchema, { user_name: '', email: '', password: '', is_admin: false }, 'Failed to add user. Please try again.', async (values, form) => {
    await api.accounts.createUser(values);
    toast.success(`${values.user_name} added.`);
    form.reset();
    onAdded();
  });

  return (
    <tr className="bg-canvas/60" data-testid="add-user-row">
      <AddCell>
        <form id="add-user" onSubmit={onSubmit} noValidate aria-label="Add user" />
        <CellInput form="add-user" placeholder="New username" aria-label="New username" autoComplete="off" error={errors.user_name?.message} {...register('user_name')} />
      </AddCell>
      <AddCell>
        <CellInput form="add-user" type="email" placeholder="Email" aria-label="New user's email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      </AddCell>
      <AddCell>
        <CellInput form="add-user" type="password" placeholder="Password" aria-label="New user's password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      </AddCell>
      <AddCell>
        <label className="flex items-center gap-2 pt-1.5 text-sm">
          <input form="add-user" type="checkbox" {...register('is_admin')} />
          Admin
        </label>
      </AddCell>
      <AddCell>
        <AdminButton form="add-user" type="submit" variant="primary" size="sm" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add User'}
        </AdminButton>
      </AddCell>
    </tr>
  );
}
