'use client';
/**
 * Profile → Change Password (spec §5 Change password, §8 Profile). PUT
 * /api/users/profile/change-password ends every session and token of the account (token_version
 * is bumped); this browser then signs in again silently with the new password so it stays
 * signed in while every other device is signed out.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signIn, signOut } from 'next-auth/react';
import { z } from 'zod';
import { FormMessage, SubmitButton } from '@/components/auth/field';
import { PasswordField } from '@/components/auth/password-field';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@/lib/accounts/schemas';
import { apiRequest, failureText } from './profile-api';

type Output = z.output<typeof changePasswordFormSchema>;
type Message = { kind: 'success' | 'error'; text: string } | null;

export function ChangePasswordForm({ identifier }: { identifier: string }) {
  const [message, setMessage] = useState<Message>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput, unknown, Output>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });

  const onSubmit = async (values: Output) => {
    setMessage(null);
    const result = await apiRequest('PUT', '/api/users/profile/change-password', { newPassword: values.newPassword });
    if (!result.ok) {
      const text =
        result.status === 403 ? 'You do not have permission to change the password. Please log in again.' : failureText(result, 'Failed to change password. Please try again.');
      setMessage({ kind: 'error', text });
      return;
    }
    reset();
    // The old session cookie stopped working with the change: sign this browser in again.
    try {
      const again = await signIn('credentials', { identifier, password: values.newPassword, redirect: false });
      if (again?.ok && !again.error) {
        setMessage({ kind: 'success', text: 'Password changed successfully!' });
        return;
      }
    } catch (e) {
      console.error('[profile] signing in again after the password change failed', e);
    }
    setMessage({ kind: 'success', text: 'Password changed successfully! Please log in again with your new password.' });
    setTimeout(() => void signOut({ callbackUrl: '/login?next=%2Fprofile' }), 3000);
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, () => setMessage(null))} aria-label="Change password" className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
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
