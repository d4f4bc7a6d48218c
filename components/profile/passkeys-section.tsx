'use client';
/**
 * Profile → Security: the account's passkeys (docs/accounts-and-security.md "Passkeys"). Lists each
 * with its name, when it was added and last used; "Add a passkey" asks the browser to make one
 * (@simplewebauthn/browser startRegistration) and saves it; removing one needs the password. The
 * first second factor of an account brings 10 recovery codes, shown this once.
 */
import { useState } from 'react';
import { WebAuthnAbortService, browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { FormMessage, SubmitButton, TextField } from '@/components/auth/field';
import { PasswordField } from '@/components/auth/password-field';
import { useMessageForm } from '@/components/auth/use-message-form';
import { ApiError, api, failureText, serverMessage } from '@/lib/api/client';
import { passkeyName, removePasskeySchema } from '@/lib/accounts/passkey-schemas';
import { z } from 'zod';
import { RecoveryCodeList } from './recovery-codes';
import { dangerLinkButton, linkButton, secondaryButton } from './section';

export type PasskeyItem = { id: number; name: string; created_at: string; last_used_at: string | null };

const nameSchema = z.object({ name: passkeyName });
const dateText = (iso: string) => new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
const errorText = (e: unknown, fallback: string) => (e instanceof ApiError && [400, 404, 409, 429].includes(e.status) && serverMessage(e)) || failureText(e, fallback);

/** A browser that refused or was cancelled says so with a DOMException name; the person can simply try again. */
function ceremonyText(e: unknown): string {
  if (e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError')) return 'The passkey was not created. Please try again.';
  if (e instanceof Error && e.name === 'InvalidStateError') return 'This device already has a passkey for your account.';
  return 'Your browser could not create a passkey. Please try again.';
}

export function PasskeysSection({ initialPasskeys }: { initialPasskeys: PasskeyItem[] }) {
  const [items, setItems] = useState(initialPasskeys);
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  if (codes) {
    return (
      <RecoveryCodeList
        lead="Your passkey is ready, and two-factor sign-in is on."
        codes={codes}
        onDone={() => setCodes(null)}
      />
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-ink">
        <span className="font-medium">Passkeys</span> sign you in with your fingerprint, face or device PIN instead of a password, or as the second step after it.
      </p>
      {items.length > 0 ? (
        <ul aria-label="Your passkeys" className="divide-y divide-line rounded-lg border border-line">
          {items.map((p) => (
            <li key={p.id} className="p-3 sm:px-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium text-ink">{p.name}</p>
                  <p className="text-xs text-muted">
                    Added {dateText(p.created_at)} · {p.last_used_at ? `Last used ${dateText(p.last_used_at)}` : 'Not used yet'}
                  </p>
                </div>
                {removing !== p.id && (
                  <button type="button" className={dangerLinkButton} onClick={() => setRemoving(p.id)} aria-label={`Remove passkey ${p.name}`}>
                    Remove
                  </button>
                )}
              </div>
              {removing === p.id && (
                <RemoveForm
                  passkey={p}
                  onCancel={() => setRemoving(null)}
                  onRemoved={() => {
                    setRemoving(null);
                    setItems((all) => all.filter((x) => x.id !== p.id));
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">You have no passkeys yet.</p>
      )}
      {adding ? (
        <AddForm
          onCancel={() => setAdding(false)}
          onAdded={(passkey, recoveryCodes) => {
            setAdding(false);
            setItems((all) => [passkey, ...all]);
            if (recoveryCodes) setCodes(recoveryCodes);
          }}
        />
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setAdding(true)}>
          Add a passkey
        </button>
      )}
    </div>
  );
}

function AddForm({ onAdded, onCancel }: { onAdded: (passkey: PasskeyItem, recoveryCodes: string[] | null) => void; onCancel: () => void }) {
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(nameSchema, { name: '' });
  const add = onSubmit(async ({ name }) => {
    if (!browserSupportsWebAuthn()) return setMessage({ kind: 'error', text: 'This browser does not support passkeys.' });
    let options;
    try {
      options = await api.accounts.passkeyRegistrationOptions();
    } catch (e) {
      return setMessage({ kind: 'error', text: errorText(e, 'Could not start adding a passkey. Please try again.') });
    }
    let response;
    try {
      response = await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
    } catch (e) {
      return setMessage({ kind: 'error', text: ceremonyText(e) });
    }
    try {
      const saved = await api.accounts.addPasskey({ name, response: response as never });
      onAdded(saved.passkey, saved.recovery_codes);
    } catch (e) {
      setMessage({ kind: 'error', text: errorText(e, 'Could not save the passkey. Please try again.') });
    }
  });
  return (
    <form noValidate onSubmit={add} aria-label="Add a passkey" className="space-y-4 rounded-lg border border-line p-4">
      <TextField label="Passkey name" hint="So you can tell your passkeys apart, e.g. Work laptop." autoComplete="off" maxLength={60} error={errors.name?.message} {...register('name')} className="max-w-sm" />
      <FormMessage message={message} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={isSubmitting} busyLabel="Waiting for your device…">
          Create passkey
        </SubmitButton>
        <button
          type="button"
          className={linkButton}
          onClick={() => {
            WebAuthnAbortService.cancelCeremony();
            onCancel();
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

function RemoveForm({ passkey, onRemoved, onCancel }: { passkey: PasskeyItem; onRemoved: () => void; onCancel: () => void }) {
  const { register, errors, isSubmitting, message, setMessage, onSubmit } = useMessageForm(removePasskeySchema, { password: '' });
  const remove = onSubmit(async (values) => {
    try {
      await api.accounts.removePasskey(passkey.id, values);
      onRemoved();
    } catch (e) {
      setMessage({ kind: 'error', text: errorText(e, 'Could not remove the passkey. Please try again.') });
    }
  });
  return (
    <form noValidate onSubmit={remove} aria-label={`Remove passkey ${passkey.name}`} className="mt-3 space-y-3">
      <p className="text-sm text-muted">Enter your password to remove this passkey.</p>
      <PasswordField label="Password" autoComplete="current-password" maxLength={128} error={errors.password?.message} {...register('password')} />
      <FormMessage message={message} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={isSubmitting} busyLabel="Removing…">
          Remove passkey
        </SubmitButton>
        <button type="button" className={linkButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
