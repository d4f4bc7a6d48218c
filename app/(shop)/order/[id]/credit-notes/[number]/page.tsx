/**
 * /order/{id}/credit-notes/{number} — the printable credit note of a refund (a refund
 * issues a credit note the same way a payment issues the tax invoice): the words "Credit note", its CN- number,
 * date, the invoice it adjusts, the lines refunded and GST, with a PDF download. The order's owner
 * or an administrator only: the read has the owner in its WHERE, so anyone else's is "not found".
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requirePageUser } from '@/lib/auth/current-user';
import { getCreditNote } from '@/lib/finance/tax-documents';
import { creditNoteNumberOf } from '@/lib/finance/tax-document-view';
import { AppError } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';
import { pageId } from '@/lib/storefront/page-id';
import { buttonClasses } from '@/components/ui/button';
import { PrintButton } from '@/components/ui/print-button';
import { TaxDocumentPage } from '@/components/finance/tax-document-page';
import { TaxDocumentSheet } from '@/components/finance/tax-document-sheet';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Credit note', robots: { index: false } };

type Props = { params: Promise<{ id: string; number: string }> };

export default async function CreditNotePage({ params }: Props) {
  const { id: rawId, number: rawNumber } = await params;
  const user = await requirePageUser(`/order/${encodeURIComponent(rawId)}/credit-notes/${encodeURIComponent(rawNumber)}`);
  const id = pageId(rawId);
  const number = creditNoteNumberOf(rawNumber);
  if (id === null || number === null) notFound();
  let note;
  try {
    note = await getCreditNote(user, id, number);
  } catch (e) {
    if (e instanceof AppError && e.code === 'not_found') notFound();
    throw e;
  }
  const { timeZone } = await getShopSettings();
  return (
    <TaxDocumentPage
      isAdmin={user.isAdmin}
      actions={
          <div className="flex flex-wrap gap-2">
            <Link href={`/order/${id}/invoice`} className={buttonClasses('outline', 'sm')}>
              Tax invoice {note.invoiceNumber}
            </Link>
            <PrintButton />
            <a href={`/api/orders/${id}/credit-notes/${note.number}`} className={buttonClasses('primary', 'sm')} download data-testid="credit-note-pdf">
              Download PDF
            </a>
          </div>
      }
    >
      <TaxDocumentSheet doc={note} timeZone={timeZone} />
    </TaxDocumentPage>
  );
}
