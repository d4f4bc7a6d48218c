/**
 * How a tax invoice or credit note reads (issue 17; README "GST and tax invoices"): its title and
 * number, shared by the printable page and the PDF so both say the same. Pure, browser-safe.
 */
import type { TaxDocumentBuyer, TaxDocumentKind, TaxDocumentLine, TaxDocumentSeller } from '@/db/schema';

/** "INV-000042" / "CN-000007": the kind's prefix and the sequential number, six digits at least. */
export function documentNumber(kind: TaxDocumentKind, n: number): string {
  return `${kind === 'invoice' ? 'INV' : 'CN'}-${String(n).padStart(6, '0')}`;
}

export const documentTitle = (kind: TaxDocumentKind) => (kind === 'invoice' ? 'Tax invoice' : 'Credit note');

/** A tax document as the page and the PDF render it; money in cents. */
export type TaxDocumentView = {
  kind: TaxDocumentKind;
  title: string;
  number: string;
  orderId: number;
  issuedAt: string;
  currency: string;
  seller: TaxDocumentSeller;
  buyer: TaxDocumentBuyer;
  lines: TaxDocumentLine[];
  total: number;
  gst: number;
  gstRatePercent: number;
  pricesIncludeGst: boolean;
  /** For a credit note: the invoice it adjusts. */
  invoiceNumber: string | null;
};

/** The amount before GST (total − GST), cents. */
export const excludingGst = (v: Pick<TaxDocumentView, 'total' | 'gst'>) => v.total - v.gst;
