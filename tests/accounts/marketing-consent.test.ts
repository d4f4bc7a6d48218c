import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { marketingConsents, users } from '@/db/schema';
import { POST as register } from '@/app/api/users/register/route';
import { GET as getConsent, PUT as putConsent } from '@/app/api/users/profile/marketing-consent/route';
import { GET as openLink, POST as unsubscribe } from '@/app/api/unsubscribe/route';
import { GET as exportMine } from '@/app/api/profile/data-export/route';
import { MARKETING_CONSENT_WORDING } from '@/lib/accounts/marketing-consent-wording';
import { signLinkToken } from '@/lib/auth/signed-links';
import { unsubscribeToken } from '@/lib/mail/marketing';
import crypto from 'node:crypto';
import { call } from '../support/http';
import { shopper } from '../support/buying';

const consentRows = (userId: number) => db.select().from(marketingConsents).where(eq(marketingConsents.userId, userId)).orderBy(marketingConsents.id);
const consentAt = async (userId: number) => (await db.select({ at: users.marketingConsentAt }).from(users).where(eq(users.id, userId)))[0].at;
const setConsent = (token: string, marketing_consent: unknown) => call(putConsent, { method: 'PUT', url: '/api/users/profile/marketing-consent', token, body: { marketing_consent } });
const unsubscribeWith = (token: string) => call(unsubscribe, { method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}`, body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function signUp(marketing_consent?: boolean) {
  const id = crypto.randomBytes(4).toString('hex');
  const res = await call(register, { method: 'POST', url: '/api/users/register', body: { user_name: `new_${id}`, email: `new_${id}@example.test`, password: 'Passw0rd!long', ...(marketing_consent === undefined ? {} : { marketing_consent }) } });
  expect(res.status).toBe(201);
  return res.body.user.user_id as number;
}

describe('marketing consent', () => {
  test('POST /api/users/register — the box is off by default: no consent is recorded', async () => {
    const userId = await signUp();
    expect(await consentAt(userId)).toBeNull();
    expect(await consentRows(userId)).toEqual([]);
  });

  test('POST /api/users/register — a ticked box is stored with the time and the exact wording shown', async () => {
    const before = Date.now();
    const userId = await signUp(true);
    const at = await consentAt(userId);
    expect(at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await consentRows(userId);
    expect(row).toMatchObject({ granted: true, source: 'sign-up', wording: MARKETING_CONSENT_WORDING });
    expect(row.createdAt.getTime()).toBe(at!.getTime());
  });

  test('PUT /api/users/profile/marketing-consent — agree, then withdraw with one call; each change recorded, a repeat is not', async () => {
    const { token, user } = await shopper();
    expect((await call(getConsent, { url: '/api/users/profile/marketing-consent', token })).body).toEqual({ marketing_consent: false, consented_at: null, wording: MARKETING_CONSENT_WORDING });
    const on = await setConsent(token, true);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ marketing_consent: true, consented_at: expect.any(String) });
    await setConsent(token, true);
    const off = await setConsent(token, false);
    expect(off.body).toMatchObject({ marketing_consent: false, consented_at: null });
    expect(await consentAt(user.id)).toBeNull();
    expect((await consentRows(user.id)).map((r) => [r.granted, r.source])).toEqual([
      [true, 'profile'],
      [false, 'profile'],
    ]);
    expect((await setConsent(token, 'yes')).status).toBe(400);
    expect((await call(getConsent, { url: '/api/users/profile/marketing-consent' })).status).toBe(401);
  });

  test('POST /api/unsubscribe — the signed one-click link withdraws at once; a second click changes nothing', async () => {
    const { token, user } = await shopper();
    await setConsent(token, true);
    const res = await unsubscribeWith(unsubscribeToken(user.id));
    expect(res.status).toBe(200);
    expect(res.body.marketing_consent).toBe(false);
    expect(await consentAt(user.id)).toBeNull();
    expect((await unsubscribeWith(unsubscribeToken(user.id))).status).toBe(200);
    expect((await consentRows(user.id)).map((r) => [r.granted, r.source])).toEqual([
      [true, 'profile'],
      [false, 'unsubscribe-link'],
    ]);
  });

  test('POST /api/unsubscribe — an altered link is 400 and nothing changes', async () => {
    const { token, user } = await shopper();
    const other = await shopper();
    await setConsent(token, true);
    await setConsent(other.token, true);
    const good = unsubscribeToken(user.id);
    const [body, sig] = good.split('.');
    // Someone else's id in the payload with this account's signature, a flipped signature, a cut token, another purpose's token.
    const forged = `${Buffer.from(JSON.stringify({ p: 'marketing-unsubscribe', s: String(other.user.id) })).toString('base64url')}.${sig}`;
    const flipped = `${body}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [forged, flipped, good.slice(0, -4), signLinkToken('cart-reminder', String(user.id)), 'nonsense']) {
      const res = await unsubscribeWith(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/not valid/);
    }
    expect(await consentAt(user.id)).not.toBeNull();
    expect(await consentAt(other.user.id)).not.toBeNull();
  });

  test('GET /api/unsubscribe — opening the link changes nothing and sends the browser to the confirmation page', async () => {
    const { token, user } = await shopper();
    await setConsent(token, true);
    const t = unsubscribeToken(user.id);
    const res = await call(openLink, { url: `/api/unsubscribe?token=${encodeURIComponent(t)}` });
    expect(res.status).toBe(303);
    expect(res.res.headers.get('location')).toBe(`http://localhost:3000/unsubscribe?token=${encodeURIComponent(t)}`);
    expect(await consentAt(user.id)).not.toBeNull();
  });

  test('GET /api/profile/data-export — account.json lists the consents with wording and time', async () => {
    const { token, user } = await shopper();
    await setConsent(token, true);
    await setConsent(token, false);
    const res = await exportMine(new Request('http://localhost:3000/api/profile/data-export', { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({}) });
    const files = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(await res.arrayBuffer()))).map(([n, d]) => [n, strFromU8(d)]));
    const account = JSON.parse(files['account.json']);
    expect(account.marketing_consent).toBe(false);
    expect(account.consents).toEqual([
      { kind: 'marketing_email', granted: true, source: 'profile', wording: MARKETING_CONSENT_WORDING, at: expect.any(String) },
      { kind: 'marketing_email', granted: false, source: 'profile', wording: MARKETING_CONSENT_WORDING, at: expect.any(String) },
    ]);
    expect(user.id).toBe(account.account.user_id);
  });
});
