'use client';
/**
 * Login (spec §2 Login page, §5 Login, §8 Login messages). Signs in through next-auth's
 * credentials provider, which sets the httpOnly session cookie; the provider's message (wrong
 * credentials, too many attempts) is shown as the server message. After 100 ms (spec §9) an
 * administrator goes to /admin, everyone else to / — or to a safe same-origin `next` page.
 *
 * An account with two-factor sign-in on gets no session from the password: the provider answers a
 * challenge (TWO_FACTOR_REQUIRED + challenge, lib/accounts/sign-in-challenge.ts), and the form asks
 * for a code from the authenticator app or a recovery code, which it sends with the challenge — or
 * for a passkey. "Sign in with a passkey" signs in with a passkey alone (no user name or password).
 * A passkey's answer (@simplewebauthn/browser startAuthentication) goes through the same
 * credentials provider, so the session is issued in one place (lib/accounts/auth-options.ts).
 */
import { useState } from 'react';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { api, serverMessage } from '@/lib/api/client';
import { getSession, signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { postLoginPath } from '@/lib/auth/redirect';
import { loginSchema } from '@/lib/accounts/schemas';
import { TWO_FACTOR_REQUIRED, secondFactorCode } from '@/lib/accounts/two-factor-schemas';
import { z } from 'zod';
import { FormMessage, SubmitButton, TextField } from './field';
import { PasswordField } from './password-field';
import { useMessageForm } from './use-message-form';

export const POST_LOGIN_DELAY_MS = 100;
const loginCodeSchema = z.object({ code: secondFactorCode });
const NO_RESPONSE = 'No response from server. Please try again later.';

/** next-auth error codes (no spaces) are not meant for people; messages thrown by authorize() are. */
function loginErrorMessage(error: string): string {
  if (!error || /^[A-Za-z]+$/.test(error)) return 'Failed to login. Please try again.';
  return error;
}

/**
 * Asks the browser for a passkey and signs in with its answer: with the password step's challenge
 * as that account's second factor, without one as a sign-in of its own.
 */
async function passkeySignIn(challenge?: string): Promise<SignInResult> {
  if (!browserSupportsWebAuthn()) return { kind: 'error', text: 'This browser does not support passkeys.' };
  let options;
  try {
    options = await api.accounts.passkeySignInOptions(challenge ? { challenge } : {});
  } catch (e) {
    return { kind: 'error', text: serverMessage(e) || 'Could not start signing in with a passkey. Please try again.' };
  }
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  } catch (e) {
    // Cancelled, timed out or no passkey on this device: the browser says only that it did not happen.
    console.info('[login] passkey not used', e);
    return { kind: 'error', text: 'No passkey was used. Please try again.' };
  }
  return credentialsSignIn({ passkey: JSON.stringify(response), ...(challenge && { challenge }) });
}

/** After signing in: waits POST_LOGIN_DELAY_MS (spec §9), then opens `target` with the new session. */
export async function goAfterLogin(router: ReturnType<typeof useRouter>, target: string): Promise<void> {
  await new Promise((r) => setTimeout(r, POST_LOGIN_DELAY_MS));
  router.replace(target);
  router.refresh();
}

type SignInResult = { kind: 'signed-in' } | { kind: 'two-factor'; challenge: string } | { kind: 'error'; text: string };

/** One sign-in request through next-auth's credentials provider: the password step or the code step. */
async function credentialsSignIn(credentials: Record<string, string>): Promise<SignInResult> {
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await signIn('credentials', { ...credentials, redirect: false });
  } catch (e) {
    console.error('[login] sign-in request failed', e);
    return { kind: 'error', text: e instanceof TypeError ? NO_RESPONSE : 'An error occurred. Please try again.' };
  }
  if (!result) return { kind: 'error', text: NO_RESPONSE };
  if (result.error?.startsWith(TWO_FACTOR_REQUIRED)) return { kind: 'two-factor', challenge: result.error.slice(TWO_FACTOR_REQUIRED.length) };
  if (result.error || !result.ok) return { kind: 'error', text: loginErrorMessage(result.error ?? '') };
  return { kind: 'signed-in' };
}

export function LoginForm({ next, notice }: { next: string | null; notice?: string }) {
  const router = useRouter();
  const [redirecting, setRedirecting] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(loginSchema, { identifier: '', password: '' }, notice ? { kind: 'success', text: notice } : null);

  const finish = async () => {
    const session = await getSession();
    setRedirecting(true);
    setMessage({ kind: 'success', text: 'Logged in. Taking you there…' });
    await goAfterLogin(router, postLoginPath(Boolean(session?.user?.isAdmin), next));
  };

  const logIn = onSubmit(async (values) => {
    const result = await credentialsSignIn({ identifier: values.identifier, password: values.password });
    if (result.kind === 'error') return setMessage({ kind: 'error', text: result.text });
    if (result.kind === 'two-factor') return setChallenge(result.challenge);
    await finish();
  });

  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const signInWithPasskey = async () => {
    setPasskeyBusy(true);
    setMessage(null);
    const result = await passkeySignIn();
    setPasskeyBusy(false);
    if (result.kind === 'error') return setMessage({ kind: 'error', text: result.text });
    if (result.kind === 'two-factor') return setMessage({ kind: 'error', text: 'Failed to login. Please try again.' });
    await finish();
  };

  if (challenge) {
    return (
      <CodeForm
        challenge={challenge}
        redirecting={redirecting}
        onSignedIn={finish}
        onRestart={() => {
          setChallenge(null);
          setMessage(null);
        }}
      />
    );
  }

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
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <button
        type="button"
        onClick={() => void signInWithPasskey()}
        disabled={passkeyBusy || isSubmitting || redirecting}
        className="inline-flex w-full items-center justify-center rounded-lg border border-line bg-surface px-4 py-2.5 text-sm font-semibold text-ink transition hover:border-brand hover:text-brand disabled:opacity-60"
      >
        {passkeyBusy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
    </form>
  );
}

/**
 * The second step: a 6-digit code from the authenticator app or a recovery code, sent with the
 * challenge. A wrong code answers the same message as a wrong password; after 5 wrong codes or 5
 * minutes the challenge no longer works, and "Start again" goes back to the password.
 */
function CodeForm({ challenge, redirecting, onSignedIn, onRestart }: { challenge: string; redirecting: boolean; onSignedIn: () => Promise<void>; onRestart: () => void }) {
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(loginCodeSchema, { code: '' });
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const settle = async (result: SignInResult) => {
    if (result.kind === 'error') return setMessage({ kind: 'error', text: result.text });
    if (result.kind === 'two-factor') return setMessage({ kind: 'error', text: 'Failed to login. Please try again.' });
    await onSignedIn();
  };
  const verify = onSubmit(async ({ code }) => settle(await credentialsSignIn({ challenge, code })));
  const choosePasskey = async () => {
    setPasskeyBusy(true);
    setMessage(null);
    const result = await passkeySignIn(challenge);
    setPasskeyBusy(false);
    await settle(result);
  };
  return (
    <form noValidate className="space-y-5" onSubmit={verify} aria-label="Two-factor sign-in">
      <p className="text-sm text-ink">Enter the 6-digit code from your authenticator app or one of your recovery codes, or use a passkey.</p>
      <TextField label="Code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} autoFocus maxLength={32} error={errors.code?.message} {...register('code')} />
      <FormMessage message={message} />
      <SubmitButton busy={isSubmitting || redirecting} busyLabel="Checking…" className="w-full">
        Verify and log in
      </SubmitButton>
      <button
        type="button"
        onClick={() => void choosePasskey()}
        disabled={passkeyBusy || isSubmitting || redirecting}
        className="inline-flex w-full items-center justify-center rounded-lg border border-line bg-surface px-4 py-2.5 text-sm font-semibold text-ink transition hover:border-brand hover:text-brand disabled:opacity-60"
      >
        {passkeyBusy ? 'Waiting for your passkey…' : 'Use a passkey instead'}
      </button>
      <p className="text-center text-sm">
        <button type="button" onClick={onRestart} className="font-medium text-brand underline-offset-4 hover:underline">
          Start again
        </button>
      </p>
    </form>
  );
}
