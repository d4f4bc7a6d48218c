'use client';
/**
 * The shop's one confirmation, a Radix AlertDialog (BRIEF: confirmations use the spec's wording),
 * used by the storefront (cart, orders, profile) and the back office alike.
 *
 *   <ConfirmDialog
 *     trigger={<button type="button">Remove</button>}
 *     title="Remove item"
 *     description="Are you sure you want to remove this item from your cart?"
 *     confirmLabel="Remove"
 *     cancelLabel="Keep it"                        // default "Cancel"
 *     onConfirm={async () => remove(item)}         // may be async; the dialog shows progress
 *   />
 *
 * While `onConfirm` runs both buttons are disabled and the dialog cannot be dismissed; it closes
 * when `onConfirm` resolves and stays open if it throws (the caller reports the error).
 */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ReactNode } from 'react';
import { buttonClasses } from './button';

type Props = {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => unknown;
};

export function ConfirmDialog({ trigger, title, description, confirmLabel, cancelLabel = 'Cancel', onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm(e: React.MouseEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // The caller reports the failure (toast or banner); keep the dialog usable.
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-card border border-line bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="font-display text-lg text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('outline', 'md')} disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses('danger-solid', 'md')} onClick={confirm} disabled={busy} aria-busy={busy}>
              {busy ? 'Working…' : confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
