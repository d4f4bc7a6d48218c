/**
 * kickDelivery() (lib/mail/deliver.ts) after a commit that wrote e-mails: within a request the
 * delivery run is handed to Next.js's after(), so it starts once the response is sent and the host
 * keeps it alive; outside a request after() throws and the run starts at once, and settleDelivery()
 * waits for it either way. next/server's after() is replaced by a stand-in that either refuses (no
 * request scope) or keeps the callback for the test to run, as Next does after the response;
 * sendMail records the Message-IDs instead of talking SMTP.
 */
import { eq } from 'drizzle-orm';
import { after } from 'next/server';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import { kickDelivery, settleDelivery } from '@/lib/mail/deliver';
import { messageIdFor } from '@/lib/mail/transport';
import { placedOrder } from '../support/buying';

const request = vi.hoisted(() => ({ inScope: false, deferred: [] as (() => unknown)[] }));
const sent = vi.hoisted(() => [] as string[]);

vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  after: vi.fn((task: () => unknown) => {
    if (!request.inScope) throw new Error('`after` was called outside a request scope.');
    request.deferred.push(task);
  }),
}));

vi.mock('@/lib/mail/transport', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/mail/transport')>()),
  sendMail: vi.fn(async (mail: { messageId: string }) => {
    sent.push(mail.messageId);
  }),
}));

/** The "order received" message of a freshly placed order, written while SMTP_URL was unset (nothing delivered). */
async function pendingOrderMail() {
  const { order } = await placedOrder();
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, `order-received:${order.order_id}`));
  expect(row).toMatchObject({ status: 'pending', attempts: 0 });
  return row;
}

const statusOf = async (id: number) => (await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];

beforeEach(() => {
  request.inScope = false;
  request.deferred.length = 0;
  sent.length = 0;
  vi.mocked(after).mockClear();
});

afterEach(async () => {
  delete process.env.SMTP_URL;
  await settleDelivery();
});

describe('kickDelivery', () => {
  test('within a request: the run is handed to after() and nothing is sent until its callback runs; settleDelivery() waits for the run it starts', async () => {
    const mail = await pendingOrderMail();
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';
    request.inScope = true;

    kickDelivery();
    expect(after).toHaveBeenCalledTimes(1);
    await settleDelivery();
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
    expect(await statusOf(mail.id)).toMatchObject({ status: 'pending', attempts: 0 });

    // Next.js runs the callback once the response has been sent.
    void request.deferred[0]();
    await settleDelivery();
    expect(sent).toContain(messageIdFor(mail.eventKey));
    expect(await statusOf(mail.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  test('outside a request (after() refuses): the run starts at once and settleDelivery() waits for it', async () => {
    const mail = await pendingOrderMail();
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';

    kickDelivery();
    expect(after).toHaveBeenCalledTimes(1);
    expect(request.deferred).toEqual([]);
    await settleDelivery();
    expect(sent).toContain(messageIdFor(mail.eventKey));
    expect(await statusOf(mail.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  test('with SMTP_URL unset: nothing is deferred or sent, the message waits in the outbox', async () => {
    const mail = await pendingOrderMail();
    request.inScope = true;

    kickDelivery();
    await settleDelivery();
    expect(after).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
    expect(await statusOf(mail.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
