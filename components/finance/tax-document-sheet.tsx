/**
 * A tax invoice or credit note as a printable page: store name and GST number, the
 * words "Tax invoice", its number and date, the buyer, the lines, GST and total. Reads the same
 * view as the PDF (lib/finance/tax-document-view.ts). Server component; the print stylesheet hides
 * the shop's header, footer and these buttons (`print:hidden`) and drops the card's frame.
 */
import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { formatMoney, toDecimal } from '@/lib/money';
import { excludingGst, type TaxDocumentView } from '@/lib/finance/tax-document-view';

export function TaxDocumentSheet({ doc, timeZone }: { doc: TaxDocumentView; timeZone: string }) {
  const m = (cents: number) => formatMoney(toDecimal(cents), doc.currency);
  const credit = doc.kind === 'credit_note';
  return (
    <article className="rounded-card border border-line bg-surface p-5 text-sm text-ink sm:p-10 print:border-0 print:p-0" aria-labelledby={`doc-${doc.number}`} data-testid="tax-document">
      <header className="flex flex-col gap-6 sm:flex-row sm:justify-between">
        <div>
          <p className="font-display text-2xl">{doc.seller.storeName}</p>
          <p className="text-muted">GST number {doc.seller.gstNumber}</p>
          <p className="text-muted">{doc.seller.supportEmail}</p>
        </div>
        <div className="sm:text-right">
          <h1 id={`doc-${doc.number}`} className="font-display text-3xl">
            {doc.title}
          </h1>
          <dl className="mt-1 text-muted">
            <div>
              <dt className="inline">{credit ? 'Credit note' : 'Invoice'} number </dt>
              <dd className="inline font-mono text-ink" data-testid="document-number">
                {doc.number}
              </dd>
            </div>
            <div>
              <dt className="inline">Date </dt>
              <dd className="inline text-ink">{format(new Date(doc.issuedAt), 'd MMMM yyyy', { in: tz(timeZone) })}</dd>
            </div>
            <div>
              <dt className="inline">Order </dt>
              <dd className="inline text-ink">#{doc.orderId}</dd>
            </div>
            {doc.invoiceNumber ? (
              <div>
                <dt className="inline">Adjusts tax invoice </dt>
                <dd className="inline font-mono text-ink">{doc.invoiceNumber}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </header>

      <section className="mt-8" aria-label={credit ? 'Credited to' : 'Billed to'}>
        <p className="text-xs font-medium uppercase tracking-wide text-muted">{credit ? 'Credited to' : 'Billed to'}</p>
        <p className="mt-1">{doc.buyer.name}</p>
        {doc.buyer.address.map((l, i) => (
          <p key={i}>{l}</p>
        ))}
        {doc.buyer.email ? <p className="text-muted">{doc.buyer.email}</p> : null}
      </section>

      <div className="mt-8 overflow-x-auto">
        <table className="w-full text-left">
          <caption className="sr-only">Lines</caption>
          <thead className="border-b border-ink text-xs uppercase tracking-wide text-muted">
            <tr>
              <th className="py-2 pr-3 font-medium">Description</th>
              <th className="py-2 pr-3 text-right font-medium">Qty</th>
              <th className="hidden py-2 pr-3 text-right font-medium sm:table-cell print:table-cell">Unit price</th>
              <th className="py-2 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {doc.lines.map((l, i) => (
              <tr key={i}>
                <td className="py-2 pr-3">
                  {l.description}
                  {l.sku ? <span className="block text-xs text-muted">SKU {l.sku}</span> : null}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{l.quantity}</td>
                <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell print:table-cell">{m(l.unitPrice)}</td>
                <td className="py-2 text-right tabular-nums">{m(l.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="ml-auto mt-6 w-full max-w-xs space-y-1.5">
        <div className="flex justify-between">
          <dt className="text-muted">Total excluding GST</dt>
          <dd className="tabular-nums">{m(excludingGst(doc))}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">GST ({doc.gstRatePercent}%)</dt>
          <dd className="tabular-nums" data-testid="document-gst">
            {m(doc.gst)}
          </dd>
        </div>
        <div className="flex justify-between border-t border-ink pt-2 text-base font-semibold">
          <dt>{credit ? 'Total credited' : 'Total including GST'}</dt>
          <dd className="tabular-nums" data-testid="document-total">
            {m(doc.total)}
          </dd>
        </div>
      </dl>
      <p className="mt-8 text-xs text-muted">Amounts in {doc.currency}. Questions about this document: {doc.seller.supportEmail}.</p>
    </article>
  );
}
