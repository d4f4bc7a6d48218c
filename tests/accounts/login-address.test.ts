/**
 * The per-address login limit counts each connection, not everyone together (issue 8 item 9):
 * without TRUST_PROXY the stamped connection address decides, and X-Forwarded-For is ignored.
 * A file of its own because it turns the peer-address stamp on for the whole process.
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { POST as login } from '@/app/api/users/login/route';
import { PEER_ADDRESS_HEADER, installPeerAddressStamp } from '@/lib/server/client-address';
import { TEST_PASSWORD, createUser } from '../support/factories';
import { call } from '../support/http';
import { freshIp } from '../support/accounts';

/** A login attempt arriving over a connection from `peer`, claiming a fresh X-Forwarded-For. */
const attempt = (peer: string, body: unknown, forwardedFor = freshIp()) =>
  call(login, { method: 'POST', url: '/api/users/login', headers: { [PEER_ADDRESS_HEADER]: peer, 'x-forwarded-for': forwardedFor }, body });

beforeAll(() => installPeerAddressStamp());
afterEach(() => {
  delete process.env.TRUST_PROXY;
});

describe('POST /api/users/login — per-address limit', () => {
  test('20 failures lock out that connection only; another address still logs in', async () => {
    const [attacker, customer] = [freshIp(), freshIp()];
    // A fresh X-Forwarded-For on every attempt would dodge a limit that believed it.
    for (let i = 0; i < 20; i++) expect((await attempt(attacker, { identifier: `ghost-${i}@example.test`, password: 'nope-nope' })).status).toBe(401);
    const user = await createUser();
    expect((await attempt(attacker, { identifier: user.email, password: TEST_PASSWORD })).status).toBe(429);
    expect((await attempt(customer, { identifier: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  test('with TRUST_PROXY=1 the proxy-reported client is counted, not the proxy', async () => {
    process.env.TRUST_PROXY = '1';
    const [proxy, attacker, customer] = [freshIp(), freshIp(), freshIp()];
    for (let i = 0; i < 20; i++) expect((await attempt(proxy, { identifier: `ghost-${i}@example.test`, password: 'nope-nope' }, attacker)).status).toBe(401);
    const user = await createUser();
    expect((await attempt(proxy, { identifier: user.email, password: TEST_PASSWORD }, attacker)).status).toBe(429);
    expect((await attempt(proxy, { identifier: user.email, password: TEST_PASSWORD }, customer)).status).toBe(200);
  });
});
