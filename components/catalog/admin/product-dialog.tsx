'use client';
/**
 * The frame of Product Management's dialogs (Edit Details, Edit Images): a Radix Dialog that
 * cannot be dismissed while it saves, and its Cancel / Save row.
 */
import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { AdminButton } from '@/components/ui/button';

/**
 * `width`: a Tailwind width class for the panel; `describedBy`: the id of the dialog's
 * description; `saving`: while true, Escape and the overlay do not close it.
 */
export function ProductDialog({ width, describedBy, saving, onClose, children }: { width: string; describedBy: string; saving: boolean; onClose: () => void; children: React.ReactNode }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className={clsx('fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card bg-surface p-5 shadow-xl md:p-6', width)}
          aria-describedby={describedBy}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Cancel, then the primary button reading `label` (or "Saving…" while `saving`); `save` takes its type, onClick and disabled. */
export function DialogActions({ saving, label, onCancel, className, save }: { saving: boolean; label: string; onCancel: () => void; className?: string; save: React.ButtonHTMLAttributes<HTMLButtonElement> }) {
  return (
    <div className={clsx('flex justify-end gap-3 border-t border-line pt-4', className)}>
      <AdminButton onClick={onCancel} disabled={saving}>
        Cancel
      </AdminButton>
      <AdminButton {...save} variant="primary" disabled={saving || save.disabled} aria-busy={saving}>
        {saving ? 'Saving…' : label}
      </AdminButton>
    </div>
  );
}
