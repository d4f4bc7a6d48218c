'use client';
/**
 * Sign Up (spec §2 Sign Up page, §5 Sign up, §8 Sign up messages). Registers through
 * POST /api/users/register, then signs the new customer in with the same credentials and takes
 * them to the `next` page or the home page. Should that sign-in fail (e.g. the login limit), the
 * account exists all the same: they are sent to /login with a note.
 */
import { useState } from 'react';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { ApiError, api, serverMessage } from '@/lib/api/client';
import { postLoginPath } from '@/lib/auth/redirect';
import { signupFormSchema } from '@/lib/accounts/schemas';
import { FormMessage, SubmitButton, TextField } from './field';
import { PasswordField } from './password-field';
import { MARKETING_CONSENT_WORDING } from '@/lib/accounts/marketing-consent-wording';
import { goAfterLogin } from './login-form';
import { useMessageForm } from './use-message-form';

const NO_RESPONSE = 'No response from server. Please try again later.';

/** The message for a registration POST /api/users/register refused (spec §8 Sign up messages). */
function registerFailure(e: unknown): string {
  if (!(e instanceof ApiError) || e.status === 0) return NO_RESPONSE;
  if (e.status === 400) return serverMessage(e) || 'Invalid registration data';
  if (e.status === 409) return 'Username or email already exists';
  return `Server error: ${serverMessage(e) || e.status}`;
}

export function SignupForm({ next }: { next: string | null }) {
  const router = useRouter();
  const [redirecting, setRedirecting] = useState(false);
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(signupFormSchema, { user_name: '', email: '', password: '', confirm_password: '', marketing_consent: false });

  const signUp = onSubmit(async (values) => {
    try {
      await api.accounts.register({ user_name: values.user_name, email: values.email, password: values.password, marketing_consent: values.marketing_consent === true });
    } catch (e) {
      return setMessage({ kind: 'error', text: registerFailure(e) });
    }

    setRedirecting(true);
    setMessage({ kind: 'success', text: 'Your account has been created. Signing you in…' });
    try {
      const login = await signIn('credentials', { identifier: values.email, password: values.password, redirect: false });
      if (login?.ok && !login.error) return await goAfterLogin(router, postLoginPath(false, next));
    } catch (e) {
      console.error('[signup] automatic sign-in failed', e);
    }
    router.replace(`/login?registered=1${next ? `&next=${encodeURIComponent(next)}` : ''}`);
  });

  return (
    <form noValidate className="space-y-5" onSubmit={signUp} aria-label="Sign up">
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        hint="3–32 letters, digits, dots, dashes or underscores."
        error={errors.user_name?.message}
        {...register('user_name')}
      />
      <TextField label="Email" type="email" autoComplete="email" maxLength={254} error={errors.email?.message} {...register('email')} />
      <PasswordField label="Password" autoComplete="new-password" maxLength={128} hint="At least 8 characters." error={errors.password?.message} {...register('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" maxLength={128} error={errors.confirm_password?.message} {...register('confirm_password')} />
      <div className="flex items-start gap-2.5">
        <input id="marketing-consent" type="checkbox" className="mt-0.5 size-4 shrink-0 rounded border-line accent-brand" {...register('marketing_consent')} />
        <label htmlFor="marketing-consent" className="text-sm text-ink/80">
          {MARKETING_CONSENT_WORDING}
        </label>
      </div>
      <FormMessage message={message} />
      <SubmitButton busy={isSubmitting || redirecting} busyLabel="Creating your account…" className="w-full">
        Sign up
      </SubmitButton>
    </form>
  );
}
