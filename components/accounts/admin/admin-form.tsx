'use client';
/**
 * The Administrator Management forms (spec §5 Admin forms): without `admin`, Add Administrator
 * (Username, Email, Password, all required); with one, Edit Administrator (Username, Email) with
 * Update Administrator and Cancel. Checked with the API's schemas before anything is sent.
 */
import clsx from 'clsx';
import { toast } from 'sonner';
import { AdminButton } from '@/components/ui/button';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { api } from '@/lib/api/client';
import type { AdminJson } from '@/lib/accounts/contracts';
import { adminUpdateSchema, newAdminSchema } from '@/lib/accounts/user-admin-schemas';
import { useAccountForm } from './use-account-form';

type Props = {
  /** The administrator to edit; none to add one. */
  admin?: AdminJson;
  /** Runs after a successful save (not on Cancel). */
  onSaved: () => void;
  /** Edit only: closes the form. */
  onCancel?: () => void;
};

export function AdminForm({ admin, onSaved, onCancel }: Props) {
  const adding = admin === undefined;
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useAccountForm<{ username: string; email: string; password?: string }, { username: string; email: string; password?: string }>(
    adding ? newAdminSchema : adminUpdateSchema,
    { username: admin?.username ?? '', email: admin?.email ?? '', password: adding ? '' : undefined },
    adding ? 'Failed to add administrator. Please try again.' : 'Failed to update administrator. Please try again.',
    async ({ username, email, password = '' }, form) => {
      if (adding) {
        await api.accounts.createAdmin({ username, email, password });
        toast.success(`${username} is now an administrator.`);
        form.reset();
      } else {
        await api.accounts.updateAdmin(admin.id, { username, email });
        toast.success(`${username} updated.`);
      }
      onSaved();
    },
  );

  const titleId = adding ? 'add-admin-title' : 'edit-admin-title';
  // The add form is filled for someone else: the browser must not offer the admin's own login.
  const autoComplete = adding ? 'off' : undefined;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
      className={clsx('space-y-3 rounded-card border p-4', adding ? 'border-line bg-surface' : 'border-brand/40 bg-brand-soft/40')}
    >
      <h2 id={titleId} className="font-display text-lg text-ink">
        {adding ? 'Add Administrator' : 'Edit Administrator'}
      </h2>
      <AdminField label="Username" error={errors.username?.message}>
        <input className={adminInputClass} autoComplete={autoComplete} required {...register('username')} />
      </AdminField>
      <AdminField label="Email" error={errors.email?.message}>
        <input type="email" className={adminInputClass} autoComplete={autoComplete} required {...register('email')} />
      </AdminField>
      {adding ? (
        <>
          <AdminField label="Password" error={errors.password?.message}>
            <input type="password" className={adminInputClass} autoComplete="new-password" required {...register('password')} />
          </AdminField>
          <AdminButton type="submit" variant="primary" disabled={isSubmitting} className="w-full">
            {isSubmitting ? 'Adding…' : 'Add Administrator'}
          </AdminButton>
        </>
      ) : (
        <div className="flex gap-2">
          <AdminButton type="submit" variant="primary" disabled={isSubmitting} className="flex-1">
            {isSubmitting ? 'Saving…' : 'Update Administrator'}
          </AdminButton>
          <AdminButton onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </AdminButton>
        </div>
      )}
    </form>
  );
}
