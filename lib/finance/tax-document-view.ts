/**
 * How a tax invoice or credit note reads (docs/gst-and-invoices.md): its title and
 * number, shared by the printable page and the PDF so both say the same. Pure, browser-safe.
 */
import type { TaxDocumentBuyer, TaxDocumentKind, TaxDocumentLine, TaxDocumentSeller } from '@/db/schema';

/** "INV-000042" / "CN-000007": the kind's prefix and the sequential number, six digits at least. */
export function documentNumber(kind: TaxDocumentKind, n: number): string {
  return `${kind === 'invoice' ? 'INV' : 'CN'}-${String(n).padStart(6, '0')}`;
}

/**
 * The sequential number of a credit note from its printed form ("CN-000007" → 7; the prefix is
 * case-insensitive, leading zeros allowed), or null for anything else or beyond the integer range.
 */
export function creditNoteNumberOf(raw: string | string[] | undefined): number | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  const m = value === undefined ? null : /^CN-(\d{1,12})$/i.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** Where a credit note is printed: its own page, beside the PDF at /api/orders/{id}/credit-notes/{number}. */
export const creditNotePath = (orderId: number, number: string) => `/order/${orderId}/credit-notes/${number}`;

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
