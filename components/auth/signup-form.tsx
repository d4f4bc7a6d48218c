'use client';
/**
 * Sign Up (spec §2 Sign Up page, §5 Sign up, §8 Sign up messages). Registers through
 * POST /api/users/register, then signs the new customer in with the same credentials and takes
 * them to the `next` page or the home page. Should that sign-in fail (e.g. the login limit), the
 * account exists all the same: they are sent to /login with a note.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { z } from 'zod';
import { postLoginPath } from '@/lib/auth/redirect';
import { signupFormSchema, type SignupFormInput } from '@/lib/accounts/schemas';
import { FormMessage, SubmitButton, TextField } from './field';
import { PasswordField } from './password-field';
import { POST_LOGIN_DELAY_MS } from './login-form';

type Output = z.output<typeof signupFormSchema>;
const NO_RESPONSE = 'No response from server. Please try again later.';

async function readMessage(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : undefined;
  } catch {
    return undefined;
  }
}

export function SignupForm({ next }: { next: string | null }) {
  const router = useRouter();
  const [redirecting, setRedirecting] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormInput, unknown, Output>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { user_name: '', email: '', password: '', confirm_password: '' },
  });

  const onSubmit = async (values: Output) => {
    setMessage(null);
    let res: Response;
    try {
      res = await fetch('/api/users/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_name: values.user_name, email: values.email, password: values.password }),
      });
    } catch {
      setMessage({ kind: 'error', text: NO_RESPONSE });
      return;
    }
    if (res.status === 400) return setMessage({ kind: 'error', text: (await readMessage(res)) ?? 'Invalid registration data' });
    if (res.status === 409) return setMessage({ kind: 'error', text: 'Username or email already exists' });
    if (!res.ok) return setMessage({ kind: 'error', text: `Server error: ${(await readMessage(res)) ?? (res.statusText || res.status)}` });
    if (res.status !== 201) return setMessage({ kind: 'error', text: 'Unexpected response from server.' });

    setRedirecting(true);
    setMessage({ kind: 'success', text: 'Your account has been created. Signing you in…' });
    try {
      const login = await signIn('credentials', { identifier: values.email, password: values.password, redirect: false });
      if (login?.ok && !login.error) {
        await new Promise((r) => setTimeout(r, POST_LOGIN_DELAY_MS));
        router.replace(postLoginPath(false, next));
        router.refresh();
        return;
      }
    } catch (e) {
      console.error('[signup] automatic sign-in failed', e);
    }
    router.replace(`/login?registered=1${next ? `&next=${encodeURIComponent(next)}` : ''}`);
  };

  return (
    <form noValidate className="space-y-5" onSubmit={handleSubmit(onSubmit, () => setMessage(null))} aria-label="Sign up">
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
      <FormMessage message={message} />
      <SubmitButton busy={isSubmitting || redirecting} busyLabel="Creating your account…" className="w-full">
        Sign up
      </SubmitButton>
    </form>
  );
}
