/**
 * Delivery of marketing e-mail (docs/mail.md "Marketing e-mail"): the List-Unsubscribe headers go
 * with the message, and a message whose customer unsubscribed after it was written is never sent.
 * sendMail records what would leave instead of talking SMTP.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages, savedItems, users } from '@/db/schema';
import { deliverDue } from '@/lib/mail/deliver';
import { unsubscribeByLink } from '@/lib/accounts/marketing-consent';
import { unsubscribeToken } from '@/lib/mail/marketing';
import { notePriceDrops } from '@/lib/saved/price-drop';
import { siteUrl } from '@/lib/server/env';
import { createProduct } from '../support/factories';
import { shopper } from '../support/buying';

const sent = vi.hoisted(() => [] as { to: string; headers?: Record<string, string> }[]);

vi.mock('@/lib/mail/transport', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/mail/transport')>()),
  sendMail: vi.fn(async (mail: { to: string; headers?: Record<string, string> }) => {
    sent.push({ to: mail.to, headers: mail.headers });
  }),
}));

afterEach(() => {
  delete process.env.SMTP_URL;
  sent.length = 0;
});

/** A consenting customer who saved a product whose price then fell by 20 %: one price-drop message pending. */
async function pendingPriceDrop() {
  const s = await shopper();
  await db.update(users).set({ marketingConsentAt: new Date() }).where(eq(users.id, s.user.id));
  const product = await createProduct({ price: 50_000 });
  await db.insert(savedItems).values({ userId: s.user.id, productId: product.id, priceWhenSaved: 50_000 });
  expect(await db.transaction((tx) => notePriceDrops(tx, { productId: product.id, from: 50_000, to: 40_000 }))).toBe(1);
  return s;
}

describe('marketing e-mail delivery', () => {
  test('a price-drop message leaves with List-Unsubscribe and List-Unsubscribe-Post: List-Unsubscribe=One-Click', async () => {
    const s = await pendingPriceDrop();
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';
    await deliverDue();
    const mine = sent.filter((m) => m.to === s.user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0].headers).toEqual({
      'List-Unsubscribe': `<${siteUrl()}/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken(s.user.id))}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  test('unsubscribing after the message was written and before it left: it is not sent', async () => {
    const s = await pendingPriceDrop();
    await unsubscribeByLink(unsubscribeToken(s.user.id));
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';
    await deliverDue();
    expect(sent.filter((m) => m.to === s.user.email)).toEqual([]);
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, s.user.email));
    expect(row).toMatchObject({ status: 'cancelled', lastError: 'Not sent: the customer unsubscribed from marketing e-mail.' });
  });
});
