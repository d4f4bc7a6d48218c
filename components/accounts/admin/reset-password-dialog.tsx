'use client';
/**
 * Reset Password (User Management): the back office's form dialog (components/admin/form-dialog.tsx)
 * asking to e-mail the user a password reset link — the "Forgot password?" link, sent through the
 * outbox (POST /api/users/{id}/reset-password). Staff never type or see a password; the user's
 * password and sessions stay until they use the link (docs/accounts-and-security.md).
 */
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/admin/form-dialog';
import { api, errorMessage } from '@/lib/api/client';
import type { AdminUserJson } from '@/lib/accounts/contracts';

const FAILED = 'Failed to send the password reset link. Please try again.';

/** Open while `user` is set; `onClose` runs on cancel and after the link is sent. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUserJson | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!user) return;
    setBusy(true);
    setError(undefined);
    try {
      const res = await api.accounts.sendResetLink(user.user_id);
      toast.success(res.message);
      onClose();
    } catch (err) {
      setError(errorMessage(err, FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={user !== null}
      busy={busy}
      title={`Reset password${user ? ` for ${user.user_name}` : ''}`}
      description={
        user
          ? `We will e-mail ${user.email} a link to choose a new password. The link works once, for 30 minutes; their current password keeps working until they use it.`
          : ''
      }
      error={error}
      action="Send reset link"
      width="26rem"
      onClose={() => {
        setError(undefined);
        onClose();
      }}
      onSubmit={(e) => void submit(e)}
    >
      {null}
    </FormDialog>
  );
}
