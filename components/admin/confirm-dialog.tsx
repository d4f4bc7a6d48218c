'use client';
/**
 * A confirmation built on Radix AlertDialog (BRIEF: confirmations use the spec's wording, §5).
 *
 *   <ConfirmDialog
 *     trigger={<AdminButton variant="danger">Delete</AdminButton>}
 *     title="Delete product"
 *     description="Are you sure you want to delete this product?"
 *     confirmLabel="Delete"
 *     onConfirm={async () => deleteProduct(id)}   // may be async; the dialog shows progress
 *   />
 *
 * Either pass `trigger`, or control it with `open` / `onOpenChange`. While `onConfirm` runs the
 * buttons are disabled; the dialog closes when it resolves and stays open if it throws (the caller
 * reports the error).
 */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { adminButtonClass } from './button';

type Props = {
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => unknown | Promise<unknown>;
};

export function ConfirmDialog({
  trigger,
  open: controlledOpen,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = true,
  onConfirm,
}: Props) {
  const [innerOpen, setInnerOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = controlledOpen ?? innerOpen;
  const setOpen = (v: boolean) => {
    if (busy) return;
    setInnerOpen(v);
    onOpenChange?.(v);
  };

  async function confirm(e: React.MouseEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await onConfirm();
      setBusy(false);
      setInnerOpen(false);
      onOpenChange?.(false);
    } catch {
      // The caller reports the failure (toast or banner); keep the dialog usable.
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-card bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="font-display text-lg text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={adminButtonClass('secondary')} disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={adminButtonClass(destructive ? 'danger' : 'primary')} onClick={confirm} disabled={busy} aria-busy={busy}>
              {busy ? 'Working…' : confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
