'use client';
/**
 * A Radix Dialog for the demo providers' explicit steps: the 3-D Secure challenge of the demo card
 * gateway and the demo PayPal approval. Nothing here talks to a real provider.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { buttonClasses } from '@/components/ui/button';

type Props = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: React.ReactNode;
};

export function DemoDialog({ open, title, description, confirmLabel, cancelLabel, busy, onConfirm, onCancel, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-card border border-line bg-surface p-6 shadow-xl">
          <p className="mb-3 inline-flex rounded-full bg-[#fbf3e4] px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-warning">Demo — no real payment</p>
          <Dialog.Title className="font-display text-lg text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClasses('outline', 'md')} onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </button>
            <button type="button" className={buttonClasses('primary', 'md')} onClick={onConfirm} disabled={busy}>
              {busy ? 'Please wait…' : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
