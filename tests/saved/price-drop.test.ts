import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages, users } from '@/db/schema';
import { PUT as updateProduct } from '@/app/api/products/[id]/route';
import { POST as save } from '@/app/api/saved-items/route';
import { unsubscribeHeaders } from '@/lib/mail/transport';
import { renderMail } from '@/lib/mail/templates';
import { verifyLinkToken } from '@/lib/auth/signed-links';
import { DEFAULT_SETTINGS } from '@/db/default-settings';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { shopper } from '../support/buying';

async function saver(consenting: boolean) {
  const s = await shopper();
  if (consenting) await db.update(users).set({ marketingConsentAt: new Date() }).where(eq(users.id, s.user.id));
  return s;
}

async function mailsFor(productId: number) {
  const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'price-drop'));
  return rows.filter((r) => (r.payload as { product: { id: number } }).product.id === productId);
}

describe('price-drop e-mails on saved items', () => {
  test('PUT /api/products/{id} — a 15 % cut writes one e-mail to the consenting saver, none to the other; a 5 % cut and a repeat write none', async () => {
    const admin = await shopper({ isAdmin: true });
    const yes = await saver(true);
    const no = await saver(false);
    const sofa = await createProduct({ price: 100_000, name: 'KIVIK 3-seat sofa' });
    for (const s of [yes, no]) expect((await call(save, { method: 'POST', url: '/api/saved-items', token: s.token, body: { product_id: sofa.id } })).status).toBe(200);
    const setPrice = (price: number) => call(updateProduct, { method: 'PUT', url: `/api/products/${sofa.id}`, params: { id: String(sofa.id) }, token: admin.token, body: { price } });

    expect((await setPrice(950)).status).toBe(200); // −5 %: under the setting
    expect(await mailsFor(sofa.id)).toEqual([]);

    expect((await setPrice(850)).status).toBe(200); // −15 % from the price when saved
    const mails = await mailsFor(sofa.id);
    expect(mails.map((m) => m.recipient)).toEqual([yes.user.email]);
    expect(mails[0].subject).toContain('KIVIK 3-seat sofa is now 15% less');

    await setPrice(850); // the same price again: no change
    await setPrice(900); // up
    await setPrice(850); // back to the price already announced
    await setPrice(810); // −4.7 % from the announced price
    expect(await mailsFor(sofa.id)).toHaveLength(1);

    await setPrice(765); // −10 % from the announced 850: a new drop
    expect((await mailsFor(sofa.id)).map((m) => (m.payload as { product: { was: number; now: number } }).product)).toEqual([
      expect.objectContaining({ was: 100_000, now: 85_000 }),
      expect.objectContaining({ was: 85_000, now: 76_500 }),
    ]);
  });

  test('the e-mail names the sender and its address and carries a working one-click unsubscribe (body and List-Unsubscribe header)', async () => {
    const admin = await shopper({ isAdmin: true });
    const yes = await saver(true);
    const lamp = await createProduct({ price: 20_000, name: 'HEKTAR Floor lamp' });
    await call(save, { method: 'POST', url: '/api/saved-items', token: yes.token, body: { product_id: lamp.id } });
    await call(updateProduct, { method: 'PUT', url: `/api/products/${lamp.id}`, params: { id: String(lamp.id) }, token: admin.token, body: { price: 150 } });
    const [mail] = await mailsFor(lamp.id);
    const { html, text } = await renderMail(mail.template, mail.payload);
    expect(text).toContain(String(DEFAULT_SETTINGS.store_address));
    expect(text).toContain('$150.00');
    expect(html).toContain('Unsubscribe from these e-mails');
    const headers = unsubscribeHeaders(mail.payload);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(headers['List-Unsubscribe'].slice(1, -1));
    expect(url.pathname).toBe('/api/unsubscribe');
    expect(verifyLinkToken('marketing-unsubscribe', url.searchParams.get('token'))).toBe(String(yes.user.id));
  });
});
