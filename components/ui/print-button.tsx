'use client';
/**
 * Opens the browser's print dialog: "Print" on a tax invoice or credit note (the print stylesheet
 * leaves only the document), "Print run sheet" in the back office (hidden from the printout).
 */
import { AdminButton, buttonClasses } from './button';

export function PrintButton({ look = 'shop', label = 'Print' }: { look?: 'shop' | 'admin'; label?: string }) {
  if (look === 'admin') {
    return (
      <AdminButton variant="primary" className="print:hidden" onClick={() => window.print()}>
        {label}
      </AdminButton>
    );
  }
  return (
    <button type="button" className={buttonClasses('outline', 'sm')} onClick={() => window.print()}>
      {label}
    </button>
  );
}
