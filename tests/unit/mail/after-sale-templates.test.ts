/** The refund and return e-mails render to HTML and plain text with what the customer needs. */
import { describe, expect, test } from 'vitest';
import { renderMail } from '@/lib/mail/templates';

const shop = { storeName: 'Totara Home', supportEmail: 'help@totarahome.test', siteUrl: 'https://shop.test' };

describe('after-sale e-mails', () => {
  test('refund issued: the amount, the lines, the delivery fee and the credit note link', async () => {
    const { html, text } = await renderMail('refund-issued', {
      shop,
      customerName: 'Aroha',
      orderId: 42,
      refund: { id: 7, amount: 24_800, currency: 'NZD', deliveryFee: 4_900, reason: 'Scratched leg', lines: [{ name: 'EKTORP Sofa', quantity: 1, amount: 19_900 }], creditNote: 'CN-000007', full: false },
      creditNoteUrl: 'https://shop.test/order/42/invoice#CN-000007',
    });
    expect(text).toContain('We have refunded $248.00');
    expect(text).toContain('1 × EKTORP Sofa — $199.00');
    expect(text).toContain('Delivery — $49.00');
    expect(text).toContain('Reason: Scratched leg');
    expect(html).toContain('https://shop.test/order/42/invoice#CN-000007');
    expect(text).toContain('See credit note CN-000007');
  });

  test('return received and decided: the lines, the reason, and the message of a decline', async () => {
    const ret = { id: 3, status: 'requested' as const, reason: 'Too big for the room', message: null, lines: [{ name: 'BILLY Bookcase', quantity: 2 }] };
    const received = await renderMail('return-received', { shop, customerName: 'Aroha', orderId: 42, ret, ordersUrl: 'https://shop.test/order' });
    expect(received.html).toContain('We have your return request');
    expect(received.text).toContain('2 × BILLY Bookcase');
    expect(received.text).toContain('Your reason: Too big for the room');
    const declined = await renderMail('return-decided', { shop, customerName: 'Aroha', orderId: 42, ret: { ...ret, status: 'declined', message: 'It has been assembled.' }, ordersUrl: 'https://shop.test/order' });
    expect(declined.html).toContain('We cannot accept this return');
    expect(declined.text).toContain('The reason: It has been assembled.');
    const approved = await renderMail('return-decided', { shop, customerName: 'Aroha', orderId: 42, ret: { ...ret, status: 'approved', message: 'Collection on Tuesday.' }, ordersUrl: 'https://shop.test/order' });
    expect(approved.html).toContain('Your return is approved');
    expect(approved.text).toContain('A note from us: Collection on Tuesday.');
  });
});
