import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { POST as login } from '@/app/api/users/login/route';
import { POST as loginTwoFactor } from '@/app/api/users/login/two-factor/route';
import { POST as loginPasskey } from '@/app/api/users/login/passkey/route';
import { POST as loginPasskeyOptions } from '@/app/api/users/login/passkey/options/route';
import { GET as getProfile } from '@/app/api/users/profile/route';
import { GET as listPasskeys, POST as addPasskey } from '@/app/api/users/profile/passkeys/route';
import { POST as registrationOptions } from '@/app/api/users/profile/passkeys/options/route';
import { DELETE as removePasskey } from '@/app/api/users/profile/passkeys/[id]/route';
import { POST as newRecoveryCodes } from '@/app/api/users/profile/two-factor/recovery-codes/route';
import { db } from '@/db/client';
import { passkeys, recoveryCodes } from '@/db/schema';
import { getAuthOptions } from '@/lib/accounts/auth-options';
import { INVALID_CREDENTIALS } from '@/lib/accounts/authenticate';
import { TEST_PASSWORD, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';
import { freshIp } from '../support/accounts';
import { SoftwareAuthenticator } from '../support/passkeys';

type Authorize = (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<{ id: string } | null>;
const authorize = (getAuthOptions().providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize;

const passwordStep = (identifier: string, password = TEST_PASSWORD) =>
  call(login, { method: 'POST', url: '/api/users/login', headers: { 'x-forwarded-for': freshIp() }, body: { identifier, password } });
const signInOptions = (challenge?: string) => call(loginPasskeyOptions, { method: 'POST', url: '/api/users/login/passkey/options', body: challenge ? { challenge } : {} });
const passkeyStep = (response: unknown, challenge?: string) =>
  call(loginPasskey, { method: 'POST', url: '/api/users/login/passkey', headers: { 'x-forwarded-for': freshIp() }, body: { response, ...(challenge && { challenge }) } });

/** A customer with a passkey registered through the API: the account, its token, the authenticator and the recovery codes it got. */
async function userWithPasskey(name = 'Laptop') {
  const user = await createUser();
  const token = await tokenFor(user);
  const authenticator = new SoftwareAuthenticator();
  const options = await call(registrationOptions, { method: 'POST', url: '/api/users/profile/passkeys/options', token });
  expect(options.status).toBe(200);
  const added = await call(addPasskey, { method: 'POST', url: '/api/users/profile/passkeys', token, body: { name, response: authenticator.register(options.body) } });
  expect(added.status).toBe(201);
  return { user, token, authenticator, added: added.body };
}

afterEach(() => vi.useRealTimers());

describe('registering a passkey (Profile → Security)', () => {
  test('a discoverable credential for this host; saved with its name, listed, and the first second factor brings 10 recovery codes', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const options = await call(registrationOptions, { method: 'POST', url: '/api/users/profile/passkeys/options', token });
    expect(options.body.rp.id).toBe('localhost');
    expect(options.body.user.name).toBe(user.email);
    expect(options.body.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true });

    const authenticator = new SoftwareAuthenticator();
    const added = await call(addPasskey, { method: 'POST', url: '/api/users/profile/passkeys', token, body: { name: ' Work laptop ', response: authenticator.register(options.body) } });
    expect(added.status).toBe(201);
    expect(added.body.passkey).toEqual({ id: expect.any(Number), name: 'Work laptop', created_at: expect.any(String), last_used_at: null });
    expect(added.body.recovery_codes).toHaveLength(10);
    const [stored] = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(stored).toMatchObject({ credentialId: authenticator.id, counter: 0, transports: ['internal'] });

    // A second passkey: the account has recovery codes already, so none are shown again.
    const second = new SoftwareAuthenticator();
    const options2 = await call(registrationOptions, { method: 'POST', url: '/api/users/profile/passkeys/options', token });
    expect(options2.body.excludeCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
    const added2 = await call(addPasskey, { method: 'POST', url: '/api/users/profile/passkeys', token, body: { name: 'Phone', response: second.register(options2.body) } });
    expect(added2.body.recovery_codes).toBeNull();
    expect((await call(listPasskeys, { url: '/api/users/profile/passkeys', token })).body.map((p: { name: string }) => p.name)).toEqual(['Phone', 'Work laptop']);
  });

  test('an answer to a used challenge, from another origin, or of a passkey another account holds is refused with 400', async () => {
    const { token: otherToken, authenticator } = await userWithPasskey();
    const user = await createUser();
    const token = await tokenFor(user);
    const options = await call(registrationOptions, { method: 'POST', url: '/api/users/profile/passkeys/options', token });
    // Another account's passkey (the same authenticator again): 400, nothing saved.
    const stolen = await call(addPasskey, { method: 'POST', url: '/api/users/profile/passkeys', token, body: { name: 'Not mine', response: authenticator.register(options.body) } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('That passkey belongs to another account.');
    // The challenge was used by that answer.
    const again = await call(addPasskey, { method: 'POST', url: '/api/users/profile/passkeys', token, body: { name: 'Mine', response: new SoftwareAuthenticator().register(options.body) } });
    expect(again.status).toBe(400);
    // Another site's page.
    const options2 = await call(registrationOptions, { method: 'POST', url: '/api/users/profile/passkeys/options', token });
    const foreign = await call(addPasskey, { method: 'POST', url: '/api/users/profile/passkeys', token, body: { name: 'Mine', response: new SoftwareAuthenticator('https://evil.example').register(options2.body) } });
    expect(foreign.status).toBe(400);
    // Another account's challenge.
    const theirs = await call(registrationOptions, { method: 'POST', url: '/api/users/profile/passkeys/options', token: otherToken });
    expect((await call(addPasskey, { method: 'POST', url: '/api/users/profile/passkeys', token, body: { name: 'Mine', response: new SoftwareAuthenticator().register(theirs.body) } })).status).toBe(400);
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
  });
});

describe('signing in with a passkey alone (usernameless)', () => {
  test('any registered passkey signs its account in; the person must be verified; last used is recorded', async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = await signInOptions();
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials ?? []).toEqual([]);
    expect(options.body.userVerification).toBe('required');
    const res = await passkeyStep(authenticator.assert(options.body));
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ user_id: user.id, user_name: user.userName, email: user.email, is_admin: false });
    expect((await call(getProfile, { url: '/api/users/profile', token: res.body.token })).body.user_id).toBe(user.id);
    const [listed] = (await call(listPasskeys, { url: '/api/users/profile/passkeys', token: res.body.token })).body;
    expect(listed.last_used_at).toEqual(expect.any(String));
  });

  test('the browser signs in through next-auth with the same answer', async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = await signInOptions();
    const signedIn = await authorize({ passkey: JSON.stringify(authenticator.assert(options.body)) }, { headers: { host: 'localhost:3000', 'x-forwarded-for': freshIp() } });
    expect(signedIn?.id).toBe(String(user.id));
    // The same answer again: its challenge is used.
    await expect(authorize({ passkey: JSON.stringify(authenticator.assert(options.body)) }, { headers: { host: 'localhost:3000' } })).rejects.toThrow(INVALID_CREDENTIALS);
  });

  test('a challenge used twice, an expired one, a replayed counter, an unknown passkey and another origin all answer 401 and issue nothing', async () => {
    const { authenticator } = await userWithPasskey();
    const options = (await signInOptions()).body;
    const answer = authenticator.assert(options);
    expect((await passkeyStep(answer)).status).toBe(200);
    const twice = await passkeyStep(answer);
    expect(twice.status).toBe(401);
    expect(twice.body).toEqual({ message: INVALID_CREDENTIALS, code: 'unauthorized' });

    // The counter must move on: an answer with the counter the shop saw last is a replay or a clone.
    const replay = await passkeyStep(authenticator.assert((await signInOptions()).body, { counter: authenticator.counter }));
    expect(replay.status).toBe(401);
    expect((await passkeyStep(authenticator.assert((await signInOptions()).body))).status).toBe(200);

    expect((await passkeyStep(new SoftwareAuthenticator().assert((await signInOptions()).body))).status).toBe(401);
    expect((await passkeyStep(authenticator.assert((await signInOptions()).body, { origin: 'https://evil.example' }))).status).toBe(401);

    vi.useFakeTimers({ toFake: ['Date'] });
    const late = (await signInOptions()).body;
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    const expired = await passkeyStep(authenticator.assert(late));
    expect(expired.status).toBe(401);
    expect(expired.body.token).toBeUndefined();
  });
});

describe('a passkey as the second factor', () => {
  test('the password gives a challenge; the challenge and a passkey answer give the token, once', async () => {
    const { user, authenticator } = await userWithPasskey();
    const first = await passwordStep(user.email);
    expect(first.body.two_factor_required).toBe(true);
    const options = await signInOptions(first.body.challenge);
    expect(options.body.allowCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
    const second = await passkeyStep(authenticator.assert(options.body), first.body.challenge);
    expect(second.status).toBe(200);
    expect(second.body.user.user_id).toBe(user.id);

    // The sign-in challenge is used: neither a new passkey answer nor its options work with it.
    expect((await signInOptions(first.body.challenge)).status).toBe(401);
    // An answer to a usernameless challenge is not the second factor of a password step.
    const next = await passwordStep(user.email);
    const loose = authenticator.assert((await signInOptions()).body);
    expect((await passkeyStep(loose, next.body.challenge)).status).toBe(401);
  });

  test("another account's passkey answering the challenge is 400, and signs nobody in", async () => {
    const { user } = await userWithPasskey();
    const { authenticator: theirs } = await userWithPasskey();
    const { challenge } = (await passwordStep(user.email)).body;
    const options = await signInOptions(challenge);
    const res = await passkeyStep(theirs.assert(options.body), challenge);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That passkey belongs to another account.');
    expect(res.body.token).toBeUndefined();
  });

  test('passkey options for the challenge of an account without passkeys are 400', async () => {
    const { user } = await userWithPasskey();
    const { challenge } = (await passwordStep(user.email)).body;
    // The passkey gone from the device's account while the challenge is open (as after removal elsewhere).
    await db.delete(passkeys).where(eq(passkeys.userId, user.id));
    const none = await signInOptions(challenge);
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/no passkey/);
  });

  test('a recovery code still works for an account whose only second factor is a passkey', async () => {
    const { user, added } = await userWithPasskey();
    const { challenge } = (await passwordStep(user.email)).body;
    const res = await call(loginTwoFactor, { method: 'POST', url: '/api/users/login/two-factor', headers: { 'x-forwarded-for': freshIp() }, body: { challenge, code: added.recovery_codes[0] } });
    expect(res.status).toBe(200);
  });
});

describe('removing a passkey and new recovery codes', () => {
  test('removal needs the password; the last second factor gone, the password alone signs in again', async () => {
    const { user, token, added } = await userWithPasskey();
    const id = String(added.passkey.id);
    const wrong = await call(removePasskey, { method: 'DELETE', url: `/api/users/profile/passkeys/${id}`, params: { id }, token, headers: { 'x-forwarded-for': freshIp() }, body: { password: 'not-it' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('password');
    const other = await createUser();
    expect((await call(removePasskey, { method: 'DELETE', url: `/api/users/profile/passkeys/${id}`, params: { id }, token: await tokenFor(other), body: { password: TEST_PASSWORD } })).status).toBe(404);

    const removed = await call(removePasskey, { method: 'DELETE', url: `/api/users/profile/passkeys/${id}`, params: { id }, token, headers: { 'x-forwarded-for': freshIp() }, body: { password: TEST_PASSWORD } });
    expect(removed.status).toBe(200);
    expect((await call(listPasskeys, { url: '/api/users/profile/passkeys', token })).body).toEqual([]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect((await passwordStep(user.email)).body.token).toEqual(expect.any(String));
  });

  test('new recovery codes need the password and a current code; the old ones stop working', async () => {
    const { user, token, added } = await userWithPasskey();
    const old: string[] = added.recovery_codes;
    const refused = await call(newRecoveryCodes, { method: 'POST', url: '/api/users/profile/two-factor/recovery-codes', token, headers: { 'x-forwarded-for': freshIp() }, body: { password: 'not-it', code: old[0] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Your password or code is not correct.');
    const renewed = await call(newRecoveryCodes, { method: 'POST', url: '/api/users/profile/two-factor/recovery-codes', token, headers: { 'x-forwarded-for': freshIp() }, body: { password: TEST_PASSWORD, code: old[0] } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recovery_codes).toHaveLength(10);
    expect(renewed.body.recovery_codes).not.toContain(old[1]);

    const { challenge } = (await passwordStep(user.email)).body;
    const twoFactor = (code: string) => call(loginTwoFactor, { method: 'POST', url: '/api/users/login/two-factor', headers: { 'x-forwarded-for': freshIp() }, body: { challenge, code } });
    expect((await twoFactor(old[1]!)).status).toBe(401);
    expect((await twoFactor(renewed.body.recovery_codes[0])).status).toBe(200);

    // Without a second factor there are no recovery codes to renew.
    const plain = await createUser();
    expect((await call(newRecoveryCodes, { method: 'POST', url: '/api/users/profile/two-factor/recovery-codes', token: await tokenFor(plain), body: { password: TEST_PASSWORD, code: 'abcde-fghjk' } })).status).toBe(409);
  });
});
