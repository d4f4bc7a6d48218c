/**
 * One greeting for every customer e-mail (docs/mail.md "Greeting"): the first name — of the
 * account, else of the order's contact — else the full name known, never the username or e-mail.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages, users } from '@/db/schema';
import { requestPasswordReset } from '@/lib/accounts/password-reset';
import { renderMail } from '@/lib/mail/templates';
import { DELETE as cancelOrder } from '@/app/api/orders/[id]/route';
import { placedOrder } from '../support/buying';
import { call } from '../support/http';

/** The plain text of the one message of an event (by key prefix) to the user. */
async function mailText(prefix: string, recipient: string): Promise<string> {
  const rows = await db.select().from(outboxMessages).where(and(like(outboxMessages.eventKey, `${prefix}%`), eq(outboxMessages.recipient, recipient)));
  expect(rows).toHaveLength(1);
  return (await renderMail(rows[0].template, rows[0].payload as Record<string, unknown>)).text;
}

describe('greeting', () => {
  test('an account with a first and last name is greeted by the first name in the order and password e-mails alike', async () => {
    const { user, token, order } = await placedOrder();
    await db.update(users).set({ firstName: 'Aroha', lastName: 'Walker' }).where(eq(users.id, user.id));
    const cancelled = await call(cancelOrder, { method: 'DELETE', url: `/api/orders/${order.order_id}`, params: { id: String(order.order_id) }, token });
    expect(cancelled.status).toBe(200);
    const text = await mailText(`order-cancelled:${order.order_id}`, user.email);
    expect(text).toMatch(/^Kia ora Aroha,$/m);
    expect(text).not.toContain('Kia ora Aroha Walker');
    await requestPasswordReset(user.email, '203.0.113.7');
    const reset = await mailText('password-reset:', user.email);
    expect(reset).toMatch(/^Kia ora Aroha,$/m);
    expect(reset).not.toContain(user.userName);
  });

  test('without a name on the account, the order e-mail greets the first name of its contact, never the full name or the username', async () => {
    const { user, order } = await placedOrder();
    const text = await mailText(`order-received:${order.order_id}`, user.email);
    expect(text).toMatch(/^Kia ora Mere,$/m);
    expect(text).not.toContain('Kia ora Mere Parata');
    expect(text).not.toContain(user.userName);
  });

  test('with no name known at all, the greeting is "Kia ora," — the username and e-mail are never used', async () => {
    const { user } = await placedOrder();
    await requestPasswordReset(user.email, '203.0.113.8');
    const reset = await mailText('password-reset:', user.email);
    expect(reset).toMatch(/^Kia ora,$/m);
    expect(reset).not.toContain(user.userName);
  });
});
