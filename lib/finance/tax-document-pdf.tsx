/**
 * A tax invoice or credit note as a PDF, drawn with @react-pdf/renderer from the same
 * view as the printable page (lib/finance/tax-document-view.ts). A4, the PDF standard Helvetica
 * (no font is fetched). Laid out by react-pdf's flexbox; tests/unit/finance/tax-document-pdf.test.ts
 * renders it and checks that no two text boxes overlap.
 */
import 'server-only';
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { formatMoney, toDecimal } from '@/lib/money';
import { excludingGst, type TaxDocumentView } from './tax-document-view';

const ink = '#1f2a26';
const muted = '#5f6b66';
const line = '#d9dfdc';

// A unitless lineHeight set on the page is resolved against the page's 10 pt and inherited as
// 14 pt by every child: larger text (the store name, the title, the grand total) then prints over
// the next line. Each text size therefore carries its own lineHeight, in points.
const body = 14;
const s = StyleSheet.create({
  page: { padding: 48, fontFamily: 'Helvetica', fontSize: 10, color: ink, lineHeight: `${body}pt` },
  header: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 28, gap: 24 },
  seller: { flexShrink: 1 },
  document: { flexShrink: 0, alignItems: 'flex-end' },
  store: { fontSize: 16, lineHeight: '20pt', fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  title: { fontSize: 20, lineHeight: '24pt', fontFamily: 'Helvetica-Bold', textAlign: 'right', marginBottom: 4 },
  muted: { color: muted },
  right: { textAlign: 'right' },
  parties: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 24 },
  label: { color: muted, fontSize: 8, lineHeight: '11pt', textTransform: 'uppercase', marginBottom: 2 },
  row: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: line, paddingVertical: 5 },
  head: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: ink, paddingBottom: 4, fontFamily: 'Helvetica-Bold' },
  cDesc: { flex: 1, paddingRight: 8 },
  cQty: { width: 40, textAlign: 'right' },
  cUnit: { width: 80, textAlign: 'right' },
  cTotal: { width: 80, textAlign: 'right' },
  totals: { marginTop: 12, marginLeft: 'auto', width: 240 },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 2 },
  grand: { flexDirection: 'row', justifyContent: 'space-between', borderTopWidth: 1, borderTopColor: ink, marginTop: 4, paddingTop: 4, fontFamily: 'Helvetica-Bold', fontSize: 12, lineHeight: '16pt' },
  footer: { position: 'absolute', bottom: 36, left: 48, right: 48, color: muted, fontSize: 8, lineHeight: '11pt', textAlign: 'center' },
});

const dateOf = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(iso));

function TaxDocumentPdf({ doc, timeZone }: { doc: TaxDocumentView; timeZone: string }) {
  const m = (cents: number) => formatMoney(toDecimal(cents), doc.currency);
  const credit = doc.kind === 'credit_note';
  return (
    <Document title={`${doc.title} ${doc.number}`} author={doc.seller.storeName} subject={`${doc.title} for order #${doc.orderId}`}>
      <Page size="A4" style={s.page}>
        <View style={s.header}>
          <View style={s.seller}>
            <Text style={s.store}>{doc.seller.storeName}</Text>
            <Text style={s.muted}>GST number {doc.seller.gstNumber}</Text>
            <Text style={s.muted}>{doc.seller.supportEmail}</Text>
          </View>
          <View style={s.document}>
            <Text style={s.title}>{doc.title}</Text>
            <Text style={s.right}>{doc.number}</Text>
            <Text style={[s.right, s.muted]}>Date {dateOf(doc.issuedAt, timeZone)}</Text>
            <Text style={[s.right, s.muted]}>Order #{doc.orderId}</Text>
            {doc.invoiceNumber ? <Text style={[s.right, s.muted]}>Adjusts tax invoice {doc.invoiceNumber}</Text> : null}
          </View>
        </View>
        <View style={s.parties}>
          <View>
            <Text style={s.label}>{credit ? 'Credited to' : 'Billed to'}</Text>
            <Text>{doc.buyer.name}</Text>
            {doc.buyer.address.map((l, i) => (
              <Text key={i}>{l}</Text>
            ))}
            {doc.buyer.email ? <Text style={s.muted}>{doc.buyer.email}</Text> : null}
          </View>
        </View>
        <View style={s.head}>
          <Text style={s.cDesc}>Description</Text>
          <Text style={s.cQty}>Qty</Text>
          <Text style={s.cUnit}>Unit price</Text>
          <Text style={s.cTotal}>Amount</Text>
        </View>
        {doc.lines.map((l, i) => (
          <View key={i} style={s.row} wrap={false}>
            <Text style={s.cDesc}>
              {l.description}
              {l.sku ? <Text style={s.muted}>{`  SKU ${l.sku}`}</Text> : null}
            </Text>
            <Text style={s.cQty}>{l.quantity}</Text>
            <Text style={s.cUnit}>{m(l.unitPrice)}</Text>
            <Text style={s.cTotal}>{m(l.total)}</Text>
          </View>
        ))}
        <View style={s.totals}>
          <View style={s.totalRow}>
            <Text>Total excluding GST</Text>
            <Text>{m(excludingGst(doc))}</Text>
          </View>
          <View style={s.totalRow}>
            <Text>GST ({doc.gstRatePercent}%)</Text>
            <Text>{m(doc.gst)}</Text>
          </View>
          <View style={s.grand}>
            <Text>{credit ? 'Total credited' : 'Total including GST'}</Text>
            <Text>{m(doc.total)}</Text>
          </View>
        </View>
        <Text style={s.footer} fixed>
          {doc.seller.storeName} · GST number {doc.seller.gstNumber} · {doc.seller.supportEmail} · Amounts in {doc.currency}
        </Text>
      </Page>
    </Document>
  );
}

/** The PDF bytes of a tax document; dates in the store's time zone. */
export async function renderTaxDocumentPdf(doc: TaxDocumentView, timeZone: string): Promise<Buffer> {
  return renderToBuffer(<TaxDocumentPdf doc={doc} timeZone={timeZone} />);
}
