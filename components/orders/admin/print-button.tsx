'use client';
/** "Print run sheet": the browser's print dialog (the back office's navigation is left off the page). */
import { AdminButton } from '@/components/admin/button';

export function PrintButton() {
  return (
    <AdminButton variant="primary" className="print:hidden" onClick={() => window.print()}>
      Print run sheet
    </AdminButton>
  );
}
