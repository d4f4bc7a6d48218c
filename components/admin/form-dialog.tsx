'use client';
/**
 * The back office's small form dialog (Radix Dialog): title, description, the caller's fields,
 * one error line, Cancel and the action ("Saving…" while busy). The caller owns the form state
 * (react-hook-form) and passes its handleSubmit as onSubmit. Used by the Reviews queue's Reject and
 * Reply and by User Management's Reset Password.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { FormEvent, ReactNode } from 'react';
import { AdminButton } from '@/components/ui/button';

type Props = {
  open: boolean;
  /** While true the dialog cannot be dismissed and its buttons are disabled. */
  busy: boolean;
  title: string;
  description: string;
  /** One message under the fields (role="alert"). */
  error?: string;
  /** The submit button's words. */
  action: string;
  /** Width of the dialog, a CSS length (default 32rem). */
  width?: '26rem' | '32rem';
  onClose: () => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
};

export function FormDialog({ open, busy, title, description, error, action, width = '32rem', onClose, onSubmit, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-card bg-surface p-6 shadow-xl ${width === '26rem' ? 'w-[min(92vw,26rem)]' : 'w-[min(92vw,32rem)]'}`}
        >
          <Dialog.Title className="font-display text-lg text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
            {children}
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
                {busy ? 'Saving…' : action}
              </AdminButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
