'use client';
/** On a phone the filters live in a Radix dialog drawer, opened by a "Filters" button. */
import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { buttonClasses } from '@/components/ui/button';
import { CloseIcon, FilterIcon } from '@/components/ui/icons';

export function FilterDrawer({ activeCount, total, children }: { activeCount: number; total: number; children: React.ReactNode }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={clsx(buttonClasses('outline', 'md'), 'lg:hidden')} data-testid="open-filters">
        <FilterIcon />
        Filters{activeCount > 0 ? ` (${activeCount})` : ''}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[min(24rem,92vw)] flex-col bg-surface shadow-xl outline-none data-[state=open]:animate-[slide-in-left_200ms_ease-out]">
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-line px-5">
            <Dialog.Title className="font-display text-lg">Filters</Dialog.Title>
            <Dialog.Close className={clsx(buttonClasses('ghost', 'sm'), 'px-2')} aria-label="Close filters">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Narrow the products by category, style, function, mobility and size.</Dialog.Description>
          <div className="flex-1 overflow-y-auto px-5 py-5">{children}</div>
          <div className="shrink-0 border-t border-line p-4">
            <Dialog.Close className={clsx(buttonClasses('primary', 'md'), 'w-full')}>
              Show {total.toLocaleString('en-NZ')} {total === 1 ? 'product' : 'products'}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
