'use client';
/**
 * Login (spec §2 Login page, §5 Login, §8 Login messages). Signs in through next-auth's
 * credentials provider, which sets the httpOnly session cookie; the provider's message (wrong
 * credentials, too many attempts) is shown as the server message. After 100 ms (spec §9) an
 * administrator goes to /admin, everyone else to / — or to a safe same-origin `next` page.
 */
import { useState } from 'react';
import { getSession, signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { postLoginPath } from '@/lib/auth/redirect';
import { loginSchema } from '@/lib/accounts/schemas';
import { FormMessage, SubmitButton, TextField } from './field';
import { PasswordField } from './password-field';
import { useMessageForm } from './use-message-form';

export const POST_LOGIN_DELAY_MS = 100;
const NO_RESPONSE = 'No response from server. Please try again later.';

/** next-auth error codes (no spaces) are not meant for people; messages thrown by authorize() are. */
function loginErrorMessage(error: string): string {
  if (!error || /^[A-Za-z]+$/.test(error)) return 'Failed to login. Please try again.';
  return error;
}

/** After signing in: waits POST_LOGIN_DELAY_MS (spec §9), then opens `target` with the new session. */
export async function goAfterLogin(router: ReturnType<typeof useRouter>, target: string): Promise<void> {
  await new Promise((r) => setTimeout(r, POST_LOGIN_DELAY_MS));
  router.replace(target);
  router.refresh();
}

export function LoginForm({ next, notice }: { next: string | null; notice?: string }) {
  const router = useRouter();
  const [redirecting, setRedirecting] = useState(false);
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(loginSchema, { identifier: '', password: '' }, notice ? { kind: 'success', text: notice } : null);

  const logIn = onSubmit(async (values) => {
    let result: Awaited<ReturnType<typeof signIn>>;
    try {
      result = await signIn('credentials', { identifier: values.identifier, password: values.password, redirect: false });
    } catch (e) {
      console.error('[login] sign-in request failed', e);
      setMessage({ kind: 'error', text: e instanceof TypeError ? NO_RESPONSE : 'An error occurred. Please try again.' });
      return;
    }
    if (!result) {
      setMessage({ kind: 'error', text: NO_RESPONSE });
      return;
    }
    if (result.error || !result.ok) {
      setMessage({ kind: 'error', text: loginErrorMessage(result.error ?? '') });
      return;
    }
    const session = await getSession();
    setRedirecting(true);
    setMessage({ kind: 'success', text: 'Logged in. Taking you there…' });
    await goAfterLogin(router, postLoginPath(Boolean(session?.user?.isAdmin), next));
  });

  return (
    <form noValidate className="space-y-5" onSubmit={logIn} aria-label="Log in">
      <TextField label="Email or Username" autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={254} error={errors.identifier?.message} {...register('identifier')} />
      <div>
        <PasswordField label="Password" autoComplete="current-password" maxLength={128} error={errors.password?.message} {...register('password')} />
        <p className="mt-1.5 text-right text-sm">
          <Link href="/forgot-password" className="font-medium text-brand underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </p>
      </div>
      <FormMessage message={message} />
      <SubmitButton busy={isSubmitting || redirecting} busyLabel="Logging in…" className="w-full">
        Log in
      </SubmitButton>
    </form>
  );
}
