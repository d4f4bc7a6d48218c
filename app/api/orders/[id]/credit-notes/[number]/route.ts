// GET /api/orders/{id}/credit-notes/{number} — one credit note of the order as a PDF download (beyond the spec)
import { z } from 'zod';
import { getCreditNote } from '@/lib/finance/tax-documents';
import { renderTaxDocumentPdf } from '@/lib/finance/tax-document-pdf';
import { creditNoteNumberOf } from '@/lib/finance/tax-document-view';
import { idParams, route } from '@/lib/http/route';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';

const NUMBER_MESSAGE = 'The credit note number must look like CN-000007.';
const params = idParams.extend({
  number: z.string().transform((raw, ctx) => {
    const n = creditNoteNumberOf(raw);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: NUMBER_MESSAGE });
      return z.NEVER;
    }
    return n;
  }),
});

/**
 * Path: id (order id), number (the credit note's printed number, e.g. CN-000007).
 * The order's owner or an administrator → 200 application/pdf attachment "credit-note-CN-000007.pdf"
 * (the same view as the page /order/{id}/credit-notes/{number}).
 * 400 a malformed id or number; 401 not signed in; 404 unknown order, someone else's, or no such
 * credit note of this order.
 */
export const GET = route({ auth: 'user', params }, async ({ user, params }) => {
  const note = await getCreditNote(user, params.id, params.number);
  const pdf = await renderTaxDocumentPdf(note, (await getShopSettings()).timeZone);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="credit-note-${note.number}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
});
