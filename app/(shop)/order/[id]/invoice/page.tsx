/**
 * /order/{id}/invoice — the printable tax invoice of a paid order, with its credit notes
 * below when it was refunded. The order's owner or an administrator only: the read has the owner
 * in its WHERE, so anyone else's order is "not found".
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requirePageUser } from '@/lib/auth/current-user';
import { getOrderTaxDocuments } from '@/lib/finance/tax-documents';
import { AppError } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';
import { pageId } from '@/lib/storefront/page-id';
import { buttonClasses } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PrintButton } from '@/components/ui/print-button';
import { TaxDocumentPage } from '@/components/finance/tax-document-page';
import { TaxDocumentSheet } from '@/components/finance/tax-document-sheet';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Tax invoice', robots: { index: false } };

type Props = { params: Promise<{ id: string }> };

export default async function TaxInvoicePage({ params }: Props) {
  const { id: raw } = await params;
  const user = await requirePageUser(`/order/${encodeURIComponent(raw)}/invoice`);
  const id = pageId(raw);
  if (id === null) notFound();
  let docs;
  try {
    docs = await getOrderTaxDocuments(user, id);
  } catch (e) {
    if (e instanceof AppError && e.code === 'not_found') notFound();
    throw e;
  }
  const { timeZone } = await getShopSettings();
  return (
    <TaxDocumentPage
      isAdmin={user.isAdmin}
      actions={
        docs.invoice ? (
          <div className="flex gap-2">
            <PrintButton />
            <a href={`/api/orders/${id}/invoice`} className={buttonClasses('primary', 'sm')} download data-testid="invoice-pdf">
              Download PDF
            </a>
          </div>
        ) : null
      }
    >
      {docs.invoice ? (
        <div className="space-y-10">
          <TaxDocumentSheet doc={docs.invoice} timeZone={timeZone} />
          {docs.creditNotes.map((c) => (
            <div key={c.number} id={c.number} className="scroll-mt-6 print:break-before-page">
              <TaxDocumentSheet doc={c} timeZone={timeZone} />
            </div>
          ))}
        </div>
      ) : (
        <ErrorPanel title="No tax invoice yet" message={`Order #${id} has not been paid yet. Its tax invoice is issued when it is paid.`} />
      )}
    </TaxDocumentPage>
  );
}
