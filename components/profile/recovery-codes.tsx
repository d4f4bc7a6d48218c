'use client';
/**
 * Recovery codes in Profile → Security (docs/accounts-and-security.md "Two-factor sign-in"): the
 * list shown once after they are made, and the form that replaces them (the password and a
 * current code; POST /api/users/profile/two-factor/recovery-codes).
 */
import { useState } from 'react';
import { FormMessage, SubmitButton, TextField } from '@/components/auth/field';
import { PasswordField } from '@/components/auth/password-field';
import { useMessageForm } from '@/components/auth/use-message-form';
import { ApiError, api, failureText, serverMessage } from '@/lib/api/client';
import { disableTwoFactorSchema } from '@/lib/accounts/two-factor-schemas';
import { linkButton, secondaryButton } from './section';

/** New recovery codes, shown this once, with the button that says they are saved. */
export function RecoveryCodeList({ lead, codes, onDone }: { lead: string; codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink">
        <span className="font-medium">{lead}</span> Save these recovery codes somewhere safe. Each signs you in once if you lose your phone or passkey. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg border border-line bg-canvas p-4 font-mono text-sm text-ink sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className={secondaryButton} onClick={onDone}>
        I have saved my recovery codes
      </button>
    </div>
  );
}

/** "Get new recovery codes": the password and a current code (authenticator or recovery) replace all ten. */
export function NewRecoveryCodes({ codesLeft, showCount }: { codesLeft: number; showCount: boolean }) {
  const [left, setLeft] = useState(codesLeft);
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { register, errors, isSubmitting, message, setMessage, onSubmit, reset } = useMessageForm(disableTwoFactorSchema, { password: '', code: '' });
  const renew = onSubmit(async (values) => {
    try {
      setCodes((await api.accounts.newRecoveryCodes(values)).recovery_codes);
      reset();
    } catch (e) {
      setMessage({ kind: 'error', text: (e instanceof ApiError && [400, 409, 429].includes(e.status) && serverMessage(e)) || failureText(e, 'Could not make new recovery codes. Please try again.') });
    }
  });
  if (codes) {
    return (
      <RecoveryCodeList
        lead="Your new recovery codes are ready; the old ones no longer work."
        codes={codes}
        onDone={() => {
          setCodes(null);
          setOpen(false);
          setLeft(codes.length);
        }}
      />
    );
  }
  return (
    <div className="space-y-3">
      {showCount && (
        <p className="text-sm text-ink">
          <span className="font-medium">Recovery codes:</span> {left === 1 ? '1 recovery code is' : `${left} recovery codes are`} left.
        </p>
      )}
      {open ? (
        <form noValidate onSubmit={renew} aria-label="New recovery codes" className="space-y-4">
          <p className="text-sm text-muted">New codes replace all of your old ones. Enter your password and a code from your authenticator app (or a recovery code).</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField label="Password" autoComplete="current-password" maxLength={128} error={errors.password?.message} {...register('password')} />
            <TextField label="Code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={32} error={errors.code?.message} {...register('code')} />
          </div>
          <FormMessage message={message} />
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton busy={isSubmitting} busyLabel="Making codes…">
              Make new recovery codes
            </SubmitButton>
            <button type="button" className={linkButton} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
          Get new recovery codes
        </button>
      )}
    </div>
  );
}
