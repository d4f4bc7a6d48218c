/**
 * The back-in-stock e-mail as the database writes it (docs/mail.md "Back-in-stock alerts"): paths
 * and only the settings it found, completed when rendered; and the one-click unsubscribe headers.
 */
import { describe, expect, test } from 'vitest';
import { backInStockView, renderMail } from '@/lib/mail/templates';
import type { BackInStockPayload } from '@/lib/mail/templates/names';
import { unsubscribeHeaders } from '@/lib/mail/transport';

const written: BackInStockPayload = {
  shop: { storeName: null, supportEmail: null },
  customerName: 'Aroha',
  product: { id: 7, name: 'EKTORP 3-seat sofa' },
  productPath: '/products/7',
  unsubscribePath: '/stock-alerts/unsubscribe?token=abc',
  listUnsubscribePath: '/api/stock-alerts/unsubscribe?token=abc',
};

describe('back in stock', () => {
  test("the settings' defaults and the site's address complete what the database wrote", () => {
    expect(backInStockView(written, 'https://shop.test')).toEqual({
      shop: { storeName: 'Totara Home', supportEmail: 'help@totarahome.co.nz', siteUrl: 'https://shop.test' },
      customerName: 'Aroha',
      product: { id: 7, name: 'EKTORP 3-seat sofa' },
      productUrl: 'https://shop.test/products/7',
      unsubscribeUrl: 'https://shop.test/stock-alerts/unsubscribe?token=abc',
    });
    expect(backInStockView({ ...written, shop: { storeName: 'Kauri & Co', supportEmail: 'kia.ora@kauri.test' } }, 'https://shop.test').shop).toMatchObject({ storeName: 'Kauri & Co', supportEmail: 'kia.ora@kauri.test' });
  });

  test('the e-mail greets, names the product, links to it and to the unsubscribe page', async () => {
    const { text } = await renderMail('back-in-stock', written);
    expect(text).toContain('Kia ora Aroha,');
    expect(text).toContain('You asked us to let you know when EKTORP 3-seat sofa was back.');
    expect(text).toMatch(/See EKTORP 3-seat sofa https?:\/\/[^\s]+\/products\/7/);
    expect(text).toMatch(/Unsubscribe from back-in-stock alerts https?:\/\/[^\s]+\/stock-alerts\/unsubscribe\?token=abc/);
  });

  test('List-Unsubscribe with one-click POST for a message that names its address; none for others', () => {
    expect(unsubscribeHeaders(written as unknown as Record<string, unknown>, 'https://shop.test')).toEqual({
      'List-Unsubscribe': '<https://shop.test/api/stock-alerts/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribeHeaders({ resetUrl: 'https://shop.test/reset-password?token=x' }, 'https://shop.test')).toEqual({});
  });
});
