'use client';
/**
 * Reset Password (spec §5: a prompt where empty input cancels): the back office's form dialog
 * (components/admin/form-dialog.tsx, react-hook-form) with one password field; submitting it empty
 * closes the dialog without a request. The account is signed out everywhere by the server.
 */
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/admin/form-dialog';
import { toastFailure } from '@/components/ui/toast-failure';
import { api } from '@/lib/api/client';
import type { AdminUserJson } from '@/lib/accounts/contracts';
import { resetPasswordSchema } from '@/lib/accounts/user-admin-schemas';
import { cellInputClass } from './user-rows';

const FAILED = 'Failed to reset password. Please try again.';

/** Open while `user` is set; `onClose` runs on cancel and after a reset. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUserJson | null; onClose: () => void }) {
  const id = useId();
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<{ newPassword: string }>({ defaultValues: { newPassword: '' } });
  useEffect(() => reset({ newPassword: '' }), [user, reset]);

  // Empty cancels, so the schema is applied here rather than as the form's resolver.
  const submit = handleSubmit(async ({ newPassword }) => {
    if (!user) return;
    if (newPassword === '') return onClose();
    const parsed = resetPasswordSchema.safeParse({ newPassword });
    if (!parsed.success) return setError('newPassword', { message: parsed.error.issues[0]?.message ?? FAILED });
    try {
      await api.accounts.resetPassword(user.user_id, parsed.data);
      toast.success('Password reset successfully.');
      onClose();
    } catch (err) {
      toastFailure(FAILED, err);
    }
  });

  const error = formState.errors.newPassword?.message;
  return (
    <FormDialog
      open={user !== null}
      busy={formState.isSubmitting}
      title={`Reset password${user ? ` for ${user.user_name}` : ''}`}
      description="Enter a new password (at least 8 characters). Leave it empty to cancel. The user is signed out everywhere."
      error={error}
      action="Reset Password"
      width="26rem"
      onClose={onClose}
      onSubmit={submit}
    >
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
          New password
        </label>
        <input
          id={id}
          type="password"
          autoComplete="new-password"
          autoFocus
          className={cellInputClass}
          aria-invalid={error ? true : undefined}
          {...register('newPassword', { onChange: () => clearErrors('newPassword') })}
        />
      </div>
    </FormDialog>
  );
}
