'use client';
/**
 * Reset Password (spec §5: a prompt where empty input cancels): a Radix Dialog with one password
 * field; submitting it empty closes the dialog without a request. The account is signed out
 * everywhere by the server.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { toast } from 'sonner';
import { AdminButton } from '@/components/admin/button';
import { toastFailure } from '@/components/ui/toast-failure';
import { api } from '@/lib/api/client';
import type { AdminUserJson } from '@/lib/accounts/contracts';
import { resetPasswordSchema } from '@/lib/accounts/user-admin-schemas';
import { cellInputClass } from './user-rows';

const FAILED = 'Failed to reset password. Please try again.';

/** Open while `user` is set; `onClose` runs on cancel and after a reset. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUserJson | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!user) return;
    if (password === '') return close();
    const parsed = resetPasswordSchema.safeParse({ newPassword: password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? FAILED);
    setBusy(true);
    try {
      await api.accounts.resetPassword(user.user_id, parsed.data);
      toast.success('Password reset successfully.');
      close();
    } catch (err) {
      toastFailure(FAILED, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={user !== null} onOpenChange={(open) => (!open && !busy ? close() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-card bg-surface p-6 shadow-xl">
          <Dialog.Title className="font-display text-lg text-ink">Reset password{user ? ` for ${user.user_name}` : ''}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            Enter a new password (at least 8 characters). Leave it empty to cancel. The user is signed out everywhere.
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 space-y-3">
            <label className="block text-sm">
              <span className="mb-1 block font-medium text-ink">New password</span>
              <input
                type="password"
                autoComplete="new-password"
                autoFocus
                className={cellInputClass}
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(null);
                }}
              />
            </label>
            {error ? (
              <p role="alert" className="text-xs text-danger">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <AdminButton disabled={busy}>Cancel</AdminButton>
              </Dialog.Close>
              <AdminButton type="submit" variant="primary" disabled={busy}>
                {busy ? 'Saving…' : 'Reset Password'}
              </AdminButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
