/**
 * The per-address login limit counts each client, not everyone together: the X-Forwarded-For
 * entry the trusted proxy wrote (TRUST_PROXY=1, as behind deploy/nginx.conf) or, with nothing in
 * front, the one Next.js fills from the connection.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { POST as login } from '@/app/api/users/login/route';
import { TEST_PASSWORD, createUser } from '../support/factories';
import { call } from '../support/http';
import { freshIp } from '../support/accounts';

/** A login attempt whose X-Forwarded-For is `forwardedFor` (a claim, then what the proxy appended). */
const attempt = (forwardedFor: string, body: unknown) =>
  call(login, { method: 'POST', url: '/api/users/login', headers: { 'x-forwarded-for': forwardedFor }, body });

afterEach(() => {
  delete process.env.TRUST_PROXY;
});

describe('POST /api/users/login — per-address limit', () => {
  test('20 failures lock out that connection only; another address still logs in', async () => {
    const [attacker, customer] = [freshIp(), freshIp()];
    for (let i = 0; i < 20; i++) expect((await attempt(attacker, { identifier: `ghost-${i}@example.test`, password: 'nope-nope' })).status).toBe(401);
    const user = await createUser();
    expect((await attempt(attacker, { identifier: user.email, password: TEST_PASSWORD })).status).toBe(429);
    expect((await attempt(customer, { identifier: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  test('with TRUST_PROXY=1 the proxy-reported client is counted, not the proxy', async () => {
    process.env.TRUST_PROXY = '1';
    const [attacker, customer] = [freshIp(), freshIp()];
    // A fresh claim on the left of every attempt would dodge a limit that believed it.
    const via = (client: string) => `${freshIp()}, ${client}`;
    for (let i = 0; i < 20; i++) expect((await attempt(via(attacker), { identifier: `ghost-${i}@example.test`, password: 'nope-nope' })).status).toBe(401);
    const user = await createUser();
    expect((await attempt(via(attacker), { identifier: user.email, password: TEST_PASSWORD })).status).toBe(429);
    expect((await attempt(via(customer), { identifier: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });
});
