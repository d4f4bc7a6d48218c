'use client';
/**
 * Profile → Privacy (docs/accounts-and-security.md "A customer's own data"): "Download my data"
 * (a plain link to GET /api/profile/data-export, which answers a zip attachment) and "Close my
 * account" — a dialog that asks for the password and says what is kept, then POST
 * /api/profile/close. Every session ends with the closure, so this browser is signed out after the
 * confirmation has been read. An administrator's account is not closed from here (the API answers
 * 409): the section says so instead of offering the button.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { FormMessage, type FormMessageValue } from '@/components/auth/field';
import { PasswordField } from '@/components/auth/password-field';
import { buttonClasses } from '@/components/ui/button';
import { ApiError, SESSION_REDIRECT_MS, api, failureText, serverMessage } from '@/lib/api/client';
import { PASSWORD_MAX } from '@/lib/accounts/schemas';
import { ProfileSection, secondaryButton } from './section';

/** `isAdmin`: a staff account is not closed from here (its administrator rights are removed first, in User Management). */
export function PrivacySection({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [closed, setClosed] = useState<FormMessageValue>(null);

  async function close(e: React.FormEvent) {
    e.preventDefault();
    if (!password) return setError('Enter your password to close your account.');
    setBusy(true);
    setError(undefined);
    try {
      const res = await api.accounts.closeAccount({ password });
      setOpen(false);
      setClosed({ kind: 'success', text: res.message });
      setTimeout(() => void signOut({ callbackUrl: '/' }), SESSION_REDIRECT_MS);
    } catch (err) {
      // A wrong password (400) and the login limits (429) are the server's own words.
      const fixable = err instanceof ApiError && [400, 409, 429].includes(err.status) && serverMessage(err);
      setError(fixable || failureText(err, 'Your account could not be closed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ProfileSection id="privacy" title="Privacy" description="Your information under the Privacy Act 2020: see what we hold about you, or close your account.">
      <div className="space-y-6">
        <div>
          <h3 className="text-sm font-semibold text-ink">Download my data</h3>
          <p className="mt-1 max-w-prose text-sm text-muted">
            A zip file with your account details, saved addresses, contacts and payment methods, your orders with their items, and your reviews — as JSON and as CSV files you can open in a
            spreadsheet. Saved cards show only the brand, last four digits and expiry: we never hold card numbers.
          </p>
          <a href="/api/profile/data-export" download className={`${secondaryButton} mt-3`}>
            Download my data
          </a>
        </div>

        <div className="border-t border-line pt-6">
          <h3 className="text-sm font-semibold text-ink">Close my account</h3>
          <div className="mt-1 max-w-prose space-y-2 text-sm text-muted">
            <p>
              Closing your account signs you out everywhere and removes your name, e-mail address, phone number, saved addresses, contacts, saved cards and cart. You will not be able to sign in again;
              you are welcome to open a new account later with the same e-mail address.
            </p>
            <p>
              We keep your orders, payments and tax invoices exactly as they were issued, because New Zealand tax law requires us to keep business records for seven years. Your reviews stay on
              the products, shown as written by a “Former customer”.
            </p>
          </div>
          {isAdmin ? (
            <p className="mt-3 max-w-prose text-sm text-muted">This is an administrator’s account. Another administrator removes its administrator rights first; it can be closed after that.</p>
          ) : closed ? (
            <div className="mt-3">
              <FormMessage message={closed} />
            </div>
          ) : (
            <Dialog.Root
              open={open}
              onOpenChange={(next) => {
                if (busy) return;
                setOpen(next);
                setError(undefined);
                setPassword('');
              }}
            >
              <Dialog.Trigger asChild>
                <button type="button" className={buttonClasses('danger', 'md', 'mt-3')}>
                  Close my account
                </button>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
                <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-card border border-line bg-surface p-6 shadow-xl">
                  <Dialog.Title className="font-display text-lg text-ink">Close your account?</Dialog.Title>
                  <Dialog.Description className="mt-2 text-sm text-muted">
                    This cannot be undone. Your orders and tax invoices are kept; everything else that names you is removed. Enter your password to confirm.
                  </Dialog.Description>
                  <form onSubmit={close} noValidate className="mt-4 space-y-4">
                    <PasswordField
                      label="Password"
                      autoComplete="current-password"
                      maxLength={PASSWORD_MAX}
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      error={error}
                      autoFocus
                    />
                    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
                      <Dialog.Close asChild>
                        <button type="button" className={buttonClasses('outline', 'md')} disabled={busy}>
                          Keep my account
                        </button>
                      </Dialog.Close>
                      <button type="submit" className={buttonClasses('danger-solid', 'md')} disabled={busy} aria-busy={busy || undefined}>
                        {busy ? 'Closing…' : 'Close my account'}
                      </button>
                    </div>
                  </form>
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
          )}
        </div>
      </div>
    </ProfileSection>
  );
}
