'use client';
/**
 * A confirmation in a Radix AlertDialog (house rule: confirmations use the spec's wording).
 *   <ConfirmDialog trigger={<button>Remove</button>} description="Are you sure …?" onConfirm={…} />
 */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';

type Props = {
  trigger: ReactNode;
  title?: string;
  description: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void | Promise<void>;
};

export function ConfirmDialog({ trigger, title = 'Please confirm', description, confirmLabel = 'Yes', cancelLabel = 'No, keep it', onConfirm }: Props) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-card border border-line bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="font-display text-lg text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('outline', 'md')}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses('primary', 'md', 'bg-danger hover:bg-danger/90')} onClick={() => void onConfirm()}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
