'use client';
/** "Print" on the tax invoice page: opens the browser's print dialog (the print stylesheet leaves only the document). */
import { buttonClasses } from '@/components/ui/button';

export function PrintButton() {
  return (
    <button type="button" className={buttonClasses('outline', 'sm')} onClick={() => window.print()}>
      Print
    </button>
  );
}
