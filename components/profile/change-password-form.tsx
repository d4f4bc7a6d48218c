'use client';
/**
 * Profile → Change Password (spec §5 Change password, §8 Profile): the current password
 * (ASVS V2.1.6), then the new one twice. PUT /api/users/profile/change-password ends every other
 * session and token of the account at once; this browser stays signed in. A wrong current password
 * answers 400 "Your current password is not correct." and the customer stays signed in to try
 * again; a new password equal to the current one is refused before sending.
 */
import { FormMessage, SubmitButton } from '@/components/auth/field';
import { PasswordField } from '@/components/auth/password-field';
import { useMessageForm } from '@/components/auth/use-message-form';
import { ApiError, api, failureText, serverMessage } from '@/lib/api/client';
import { changePasswordFormSchema } from '@/lib/accounts/schemas';

export function ChangePasswordForm() {
  const { register, reset, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(changePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });

  const change = onSubmit(async (values) => {
    try {
      await api.accounts.changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    } catch (e) {
      // The server's own words for what the customer can fix (wrong current password, rate limit).
      const fixable = e instanceof ApiError && [400, 409, 429].includes(e.status) && serverMessage(e);
      return setMessage({ kind: 'error', text: fixable || failureText(e, 'Failed to change password. Please try again.') });
    }
    reset();
    setMessage({ kind: 'success', text: 'Password changed successfully!' });
  });

  return (
    <form noValidate onSubmit={change} aria-label="Change password" className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField label="Current password" autoComplete="current-password" maxLength={128} error={errors.currentPassword?.message} {...register('currentPassword')} className="sm:col-span-2" />
        <PasswordField label="New password" autoComplete="new-password" maxLength={128} hint="At least 8 characters." error={errors.newPassword?.message} {...register('newPassword')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" maxLength={128} error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      </div>
      <p className="text-xs text-muted">Changing your password signs you out on every other device.</p>
      <FormMessage message={message} />
      <SubmitButton busy={isSubmitting} busyLabel="Changing…">
        Change password
      </SubmitButton>
    </form>
  );
}
