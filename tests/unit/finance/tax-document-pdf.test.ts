/**
 * The tax invoice and credit note PDFs are legal documents (docs/gst-and-invoices.md): rendered
 * to PNG (pdftoppm) and read back as text boxes (pdftotext -bbox), no two words may overlap and
 * every word stays on the page. Needs poppler-utils (installed by .ci/run).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { renderTaxDocumentPdf } from '@/lib/finance/tax-document-pdf';
import type { TaxDocumentView } from '@/lib/finance/tax-document-view';

type Box = { text: string; page: number; xMin: number; yMin: number; xMax: number; yMax: number };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tax-document-pdf-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const seller = { storeName: 'Totara Home', gstNumber: '123-456-789', supportEmail: 'support@totarahome.test' };
const buyer = { name: 'Aroha Walker', email: 'aroha.walker@example.test', address: ['12 Kauri Street', 'Te Aro', 'Wellington 6011', 'New Zealand'] };

const invoice: TaxDocumentView = {
  kind: 'invoice',
  title: 'Tax invoice',
  number: 'INV-000042',
  orderId: 1234,
  issuedAt: '2026-11-03T21:15:00.000Z',
  currency: 'NZD',
  seller,
  buyer,
  lines: [
    { description: 'KIVIK 3-seat sofa with chaise longue, Tresund light beige — a long name that wraps onto a second line', sku: 'KIV-3S-TLB', quantity: 1, unitPrice: 189_900, total: 189_900 },
    { description: 'Rimu bedside table', sku: 'RIM-BST', quantity: 2, unitPrice: 34_950, total: 69_900 },
    { description: 'Discount (KIAORA10)', sku: null, quantity: 1, unitPrice: -25_980, total: -25_980 },
    { description: 'Delivery – Two-person delivery', sku: null, quantity: 1, unitPrice: 14_900, total: 14_900 },
  ],
  total: 248_720,
  gst: 32_442,
  gstRatePercent: 15,
  pricesIncludeGst: true,
  invoiceNumber: null,
};

const creditNote: TaxDocumentView = {
  ...invoice,
  kind: 'credit_note',
  title: 'Credit note',
  number: 'CN-000007',
  lines: [{ description: 'Rimu bedside table', sku: 'RIM-BST', quantity: 1, unitPrice: 34_950, total: 34_950 }],
  total: 34_950,
  gst: 4_559,
  invoiceNumber: 'INV-000042',
};

/** The words of a PDF with their boxes, in points from the page's top left. */
function wordBoxes(pdf: string): { boxes: Box[]; pageWidth: number; pageHeight: number } {
  const html = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
  const page = /<page width="([\d.]+)" height="([\d.]+)">/.exec(html);
  const boxes: Box[] = [];
  let pageNo = 0;
  for (const part of html.split('<page ').slice(1)) {
    pageNo += 1;
    for (const m of part.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      boxes.push({ text: m[5], page: pageNo, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) });
    }
  }
  return { boxes, pageWidth: Number(page?.[1]), pageHeight: Number(page?.[2]) };
}

/** Pairs of words whose boxes intersect by more than a hair (0.5 pt each way). */
function overlaps(boxes: Box[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.page !== b.page) continue;
      const w = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const h = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (w > 0.5 && h > 0.5) found.push(`"${a.text}" overlaps "${b.text}" on page ${a.page}`);
    }
  }
  return found;
}

async function render(view: TaxDocumentView) {
  const file = path.join(dir, `${view.number}.pdf`);
  fs.writeFileSync(file, await renderTaxDocumentPdf(view, 'Pacific/Auckland'));
  // The picture a person sees; kept when TAX_PDF_PNG_DIR is set, to look at.
  const out = process.env.TAX_PDF_PNG_DIR ?? dir;
  execFileSync('pdftoppm', ['-png', '-r', '96', '-singlefile', file, path.join(out, view.number)]);
  expect(fs.statSync(path.join(out, `${view.number}.png`)).size).toBeGreaterThan(10_000);
  return wordBoxes(file);
}

describe.each([
  ['tax invoice', invoice, ['Tax', 'invoice', 'INV-000042']],
  ['credit note', creditNote, ['Credit', 'note', 'CN-000007', 'INV-000042']],
])('the %s PDF', (_name, view, heading) => {
  test('has no overlapping text boxes, and every word on the page', async () => {
    const { boxes, pageWidth, pageHeight } = await render(view);
    const words = boxes.map((b) => b.text);
    for (const w of [...heading, 'Totara', 'Home', '123-456-789', 'Aroha', 'Walker', 'GST']) expect(words).toContain(w);
    expect(overlaps(boxes)).toEqual([]);
    for (const b of boxes) {
      expect(b.xMin, b.text).toBeGreaterThanOrEqual(0);
      expect(b.yMin, b.text).toBeGreaterThanOrEqual(0);
      expect(b.xMax, b.text).toBeLessThanOrEqual(pageWidth);
      expect(b.yMax, b.text).toBeLessThanOrEqual(pageHeight);
    }
  });
});
