// GET /api/orders/{id}/invoice — the order's tax invoice as a PDF download (beyond the spec)
import { getTaxInvoice } from '@/lib/finance/tax-documents';
import { renderTaxDocumentPdf } from '@/lib/finance/tax-document-pdf';
import { idParams, route } from '@/lib/http/route';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';

/**
 * The order's owner or an administrator → 200 application/pdf attachment "tax-invoice-INV-000042.pdf".
 * 401 not signed in; 404 unknown order, someone else's, or not paid yet (no invoice).
 */
export const GET = route({ auth: 'user', params: idParams }, async ({ user, params }) => {
  const invoice = await getTaxInvoice(user, params.id);
  const pdf = await renderTaxDocumentPdf(invoice, (await getShopSettings()).timeZone);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="tax-invoice-${invoice.number}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
});
