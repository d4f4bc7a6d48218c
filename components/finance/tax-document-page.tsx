/**
 * The frame of a printable tax document page (/order/{id}/invoice, /order/{id}/credit-notes/{n}):
 * the page width, the link back to the orders list the reader came from (Order Management for an
 * administrator, Your orders for a customer), and the document's actions; the bar is hidden in
 * print, so only the sheet is printed.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';

export function TaxDocumentPage({ isAdmin, actions, children }: { isAdmin: boolean; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link href={isAdmin ? '/admin/order' : '/order'} className="text-sm font-medium text-brand underline-offset-2 hover:underline">
          ← {isAdmin ? 'Order Management' : 'Your orders'}
        </Link>
        {actions}
      </div>
      {children}
    </div>
  );
}
