'use client';
/**
 * Profile → Security: two-factor sign-in with an authenticator app (docs/accounts-and-security.md
 * "Two-factor sign-in"). Off: "Set up" shows a QR code and the secret as text, and a first code
 * turns it on; the 10 recovery codes are then shown this once. On: it is turned off with the
 * password and a code. The routes: /api/users/profile/two-factor(/confirm, /disable).
 */
import { useState } from 'react';
import { FormMessage, SubmitButton, TextField } from '@/components/auth/field';
import { PasswordField } from '@/components/auth/password-field';
import { useMessageForm } from '@/components/auth/use-message-form';
import { ApiError, api, failureText, serverMessage } from '@/lib/api/client';
import { confirmTwoFactorSchema, disableTwoFactorSchema } from '@/lib/accounts/two-factor-schemas';
import { RecoveryCodeList } from './recovery-codes';
import { secondaryButton } from './section';

type Enrolment = { secret: string; qr_code_svg: string };
type View = { kind: 'off' } | { kind: 'enrolling'; enrolment: Enrolment } | { kind: 'codes'; codes: string[] } | { kind: 'on'; codesLeft: number };

/** The server's words for what the person can fix (a wrong code, a rate limit), or a general failure. */
const errorText = (e: unknown, fallback: string) => (e instanceof ApiError && [400, 409, 429].includes(e.status) && serverMessage(e)) || failureText(e, fallback);

export function TwoFactorSection({ enabled, recoveryCodesLeft }: { enabled: boolean; recoveryCodesLeft: number }) {
  const [view, setView] = useState<View>(enabled ? { kind: 'on', codesLeft: recoveryCodesLeft } : { kind: 'off' });
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      setView({ kind: 'enrolling', enrolment: await api.accounts.startTwoFactor() });
    } catch (e) {
      setStartError(errorText(e, 'Could not start setting up two-factor sign-in. Please try again.'));
    } finally {
      setStarting(false);
    }
  };

  if (view.kind === 'enrolling') return <EnrolForm enrolment={view.enrolment} onDone={(codes) => setView({ kind: 'codes', codes })} onCancel={() => setView({ kind: 'off' })} />;
  if (view.kind === 'codes') return <RecoveryCodeList lead="Two-factor sign-in is on." codes={view.codes} onDone={() => setView({ kind: 'on', codesLeft: view.codes.length })} />;
  if (view.kind === 'on') return <DisableForm codesLeft={view.codesLeft} onDone={() => setView({ kind: 'off' })} />;
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink">
        <span className="font-medium">No authenticator app is set up.</span> With one, signing in can take your password and a 6-digit code from an app on your phone
        (such as Google Authenticator, Microsoft Authenticator or 1Password).
      </p>
      {startError && (
        <p role="alert" className="text-sm text-danger">
          {startError}
        </p>
      )}
      <button type="button" className={secondaryButton} onClick={() => void start()} disabled={starting}>
        {starting ? 'Setting up…' : 'Set up an authenticator app'}
      </button>
    </div>
  );
}

function EnrolForm({ enrolment, onDone, onCancel }: { enrolment: Enrolment; onDone: (codes: string[]) => void; onCancel: () => void }) {
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(confirmTwoFactorSchema, { code: '' });
  const confirm = onSubmit(async ({ code }) => {
    try {
      onDone((await api.accounts.confirmTwoFactor({ code })).recovery_codes);
    } catch (e) {
      setMessage({ kind: 'error', text: errorText(e, 'Could not turn on two-factor sign-in. Please try again.') });
    }
  });
  // Groups of four, as authenticator apps show secrets to type in.
  const spaced = enrolment.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <form noValidate onSubmit={confirm} aria-label="Set up an authenticator app" className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-ink">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan the QR code, or type in the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {/* A data URL of the SVG the server drew (qrcode): nothing to load, nothing for next/image to optimise. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_code_svg)}`} alt="QR code to add this account to an authenticator app" width={176} height={176} className="rounded-lg border border-line bg-white p-2" />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-ink">Key</p>
          <code data-testid="totp-secret" data-secret={enrolment.secret} className="block break-all rounded-md bg-canvas px-3 py-2 font-mono text-sm text-ink">
            {spaced}
          </code>
        </div>
      </div>
      <TextField label="6-digit code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} error={errors.code?.message} {...register('code')} className="max-w-xs" />
      <FormMessage message={message} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={isSubmitting} busyLabel="Checking…">
          Turn on
        </SubmitButton>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function DisableForm({ codesLeft, onDone }: { codesLeft: number; onDone: () => void }) {
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(disableTwoFactorSchema, { password: '', code: '' });
  const turnOff = onSubmit(async (values) => {
    try {
      await api.accounts.disableTwoFactor(values);
      onDone();
    } catch (e) {
      setMessage({ kind: 'error', text: errorText(e, 'Could not turn off two-factor sign-in. Please try again.') });
    }
  });
  return (
    <form noValidate onSubmit={turnOff} aria-label="Turn off two-factor sign-in" className="space-y-5">
      <p className="text-sm text-ink">
        <span className="font-medium">Two-factor sign-in is on.</span> {codesLeft === 1 ? '1 recovery code is' : `${codesLeft} recovery codes are`} left.
      </p>
      <p className="text-sm text-muted">To turn it off, enter your password and a code from your authenticator app (or a recovery code).</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField label="Password" autoComplete="current-password" maxLength={128} error={errors.password?.message} {...register('password')} />
        <TextField label="Code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={32} error={errors.code?.message} {...register('code')} />
      </div>
      <FormMessage message={message} />
      <SubmitButton busy={isSubmitting} busyLabel="Turning off…">
        Turn off two-factor sign-in
      </SubmitButton>
    </form>
  );
}
