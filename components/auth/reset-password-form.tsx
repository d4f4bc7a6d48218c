'use client';
/**
 * The page an e-mailed reset link opens: the new password twice → POST
 * /api/users/password-reset/confirm with the link's token. On success every session of the account
 * has ended; the customer logs in with the new password.
 */
import Link from 'next/link';
import { useState } from 'react';
import { FormMessage, SubmitButton } from './field';
import { PasswordField } from './password-field';
import { useMessageForm } from './use-message-form';
import { api, errorMessage } from '@/lib/api/client';
import { passwordResetFormSchema } from '@/lib/accounts/schemas';
import { buttonClasses } from '@/components/ui/button';

export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(passwordResetFormSchema, { newPassword: '', confirmPassword: '' });

  const save = onSubmit(async (values) => {
    try {
      const { message: ok } = await api.accounts.resetForgottenPassword({ token, newPassword: values.newPassword });
      setMessage({ kind: 'success', text: ok });
      setDone(true);
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, 'Failed to change password. Please try again.') });
    }
  });

  if (done) {
    return (
      <div className="space-y-5">
        <FormMessage message={message} />
        <Link href="/login" className={buttonClasses('primary', 'md', 'w-full')}>
          Log in
        </Link>
      </div>
    );
  }
  return (
    <form noValidate className="space-y-5" onSubmit={save} aria-label="Choose a new password">
      <PasswordField label="New password" autoComplete="new-password" maxLength={128} hint="At least 8 characters." error={errors.newPassword?.message} {...register('newPassword')} />
      <PasswordField label="Confirm new password" autoComplete="new-password" maxLength={128} error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <FormMessage message={message} />
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" className="w-full">
        Set new password
      </SubmitButton>
    </form>
  );
}
