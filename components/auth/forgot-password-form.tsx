'use client';
/**
 * "Forgot password?": the account's e-mail address → POST /api/users/password-reset.
 * The answer is the same whether or not an account uses the address; the link arrives by e-mail.
 */
import { FormMessage, SubmitButton, TextField } from './field';
import { useMessageForm } from './use-message-form';
import { api, errorMessage } from '@/lib/api/client';
import { passwordResetRequestSchema } from '@/lib/accounts/schemas';

export function ForgotPasswordForm() {
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(passwordResetRequestSchema, { email: '' });

  const send = onSubmit(async (values) => {
    try {
      const { message: sent } = await api.accounts.requestPasswordReset(values);
      setMessage({ kind: 'success', text: sent });
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, 'Failed to send the reset link. Please try again.') });
    }
  });

  return (
    <form noValidate className="space-y-5" onSubmit={send} aria-label="Reset password">
      <TextField label="Email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} maxLength={254} error={errors.email?.message} {...register('email')} />
      <FormMessage message={message} />
      <SubmitButton busy={isSubmitting} busyLabel="Sending…" className="w-full">
        Send reset link
      </SubmitButton>
    </form>
  );
}
