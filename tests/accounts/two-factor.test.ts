import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { POST as login } from '@/app/api/users/login/route';
import { POST as loginTwoFactor } from '@/app/api/users/login/two-factor/route';
import { GET as getProfile } from '@/app/api/users/profile/route';
import { GET as getStatus, POST as startEnrolment } from '@/app/api/users/profile/two-factor/route';
import { POST as confirmEnrolment } from '@/app/api/users/profile/two-factor/confirm/route';
import { POST as disable } from '@/app/api/users/profile/two-factor/disable/route';
import { db } from '@/db/client';
import { recoveryCodes, signInChallenges, userTwoFactor } from '@/db/schema';
import { getAuthOptions } from '@/lib/accounts/auth-options';
import { INVALID_CREDENTIALS } from '@/lib/accounts/authenticate';
import { decryptTotpSecret } from '@/lib/accounts/two-factor-crypto';
import { TWO_FACTOR_REQUIRED } from '@/lib/accounts/two-factor-schemas';
import { TEST_PASSWORD, createUser } from '../support/factories';
import { call } from '../support/http';
import { freshIp } from '../support/accounts';

type Authorize = (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<{ id: string } | null>;
const authorize = (getAuthOptions().providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize;

const STEP_MS = 30_000;
/** The TOTP code of the authenticator app whose clock is `steps` steps off the server's. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor((Date.now() + steps * STEP_MS) / 1000) });
const nextStep = () => vi.setSystemTime(Date.now() + STEP_MS);

const passwordStep = (identifier: string, password = TEST_PASSWORD) =>
  call(login, { method: 'POST', url: '/api/users/login', headers: { 'x-forwarded-for': freshIp() }, body: { identifier, password } });
const codeStep = (challenge: string, code: string) =>
  call(loginTwoFactor, { method: 'POST', url: '/api/users/login/two-factor', headers: { 'x-forwarded-for': freshIp() }, body: { challenge, code } });

/** A customer with two-factor sign-in on, through the API: its token, TOTP secret and recovery codes. */
async function enrolledUser() {
  const user = await createUser();
  const { token } = (await passwordStep(user.email)).body;
  const started = await call(startEnrolment, { method: 'POST', url: '/api/users/profile/two-factor', token });
  expect(started.status).toBe(200);
  const secret: string = started.body.secret;
  const confirmed = await call(confirmEnrolment, { method: 'POST', url: '/api/users/profile/two-factor/confirm', token, body: { code: await codeAt(secret) } });
  expect(confirmed.status).toBe(200);
  // The enrolment code's step is used: sign-ins in these tests start from the next one.
  nextStep();
  return { user, token: token as string, secret, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

beforeEach(() => {
  // Frozen mid-step, so a code and its check always fall in the same 30-second step.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2);
});
afterEach(() => vi.useRealTimers());

describe('TOTP enrolment (Profile → Security)', () => {
  test('gives a secret, its otpauth URL and QR code; a right code turns it on with 10 recovery codes shown once', async () => {
    const user = await createUser();
    const { token } = (await passwordStep(user.email)).body;
    expect((await call(getStatus, { url: '/api/users/profile/two-factor', token })).body).toEqual({ enabled: false, recovery_codes_left: 0 });

    const started = await call(startEnrolment, { method: 'POST', url: '/api/users/profile/two-factor', token });
    expect(started.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(started.body.otpauth_url).toContain(`secret=${started.body.secret}`);
    expect(started.body.otpauth_url).toContain(encodeURIComponent(user.email));
    expect(started.body.qr_code_svg).toMatch(/^<svg/);
    // Not on until confirmed: the password alone still signs in.
    expect((await passwordStep(user.email)).body.token).toEqual(expect.any(String));

    const wrong = await call(confirmEnrolment, { method: 'POST', url: '/api/users/profile/two-factor/confirm', token, body: { code: '000000' === (await codeAt(started.body.secret)) ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('code');

    const confirmed = await call(confirmEnrolment, { method: 'POST', url: '/api/users/profile/two-factor/confirm', token, body: { code: await codeAt(started.body.secret) } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.body.recovery_codes).size).toBe(10);
    expect((await call(getStatus, { url: '/api/users/profile/two-factor', token })).body).toEqual({ enabled: true, recovery_codes_left: 10 });

    // Stored: the secret encrypted (bound to this account), the recovery codes only as hashes.
    const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(row!.secretEncrypted).not.toContain(started.body.secret);
    expect(decryptTotpSecret(user.id, row!.secretEncrypted)).toBe(started.body.secret);
    expect(decryptTotpSecret(user.id + 1, row!.secretEncrypted)).toBeNull();
    const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(confirmed.body.recovery_codes[0]);

    // Once on, enrolment cannot be restarted (that would replace the secret without a code).
    expect((await call(startEnrolment, { method: 'POST', url: '/api/users/profile/two-factor', token })).status).toBe(409);
  });

  test('confirming without starting is 409; a code that is not 6 digits is 400', async () => {
    const user = await createUser();
    const { token } = (await passwordStep(user.email)).body;
    expect((await call(confirmEnrolment, { method: 'POST', url: '/api/users/profile/two-factor/confirm', token, body: { code: '123456' } })).status).toBe(409);
    expect((await call(confirmEnrolment, { method: 'POST', url: '/api/users/profile/two-factor/confirm', token, body: { code: 'abc' } })).status).toBe(400);
  });
});

describe('signing in with two-factor sign-in on', () => {
  test('the password alone gives a challenge and no token; the challenge and a code give the token', async () => {
    const { user, secret } = await enrolledUser();
    const first = await passwordStep(user.userName);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ two_factor_required: true, challenge: expect.any(String), expires_at: expect.any(String) });
    expect(new Date(first.body.expires_at).getTime() - Date.now()).toBe(5 * 60 * 1000);

    const second = await codeStep(first.body.challenge, await codeAt(secret));
    expect(second.status).toBe(200);
    expect(second.body.user).toEqual({ user_id: user.id, user_name: user.userName, email: user.email, is_admin: false });
    expect((await call(getProfile, { url: '/api/users/profile', token: second.body.token })).body.user_id).toBe(user.id);
  });

  test('a wrong password is still the usual 401, with no challenge', async () => {
    const { user } = await enrolledUser();
    const res = await passwordStep(user.email, 'not-the-password');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: INVALID_CREDENTIALS, code: 'unauthorized' });
  });

  test('a wrong code and a reused code answer 401 with the wrong-password message, and issue nothing', async () => {
    const { user, secret } = await enrolledUser();
    const code = await codeAt(secret);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const { challenge } = (await passwordStep(user.email)).body;
    const wrong = await codeStep(challenge, wrongCode);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: INVALID_CREDENTIALS, code: 'unauthorized' });

    expect((await codeStep(challenge, code)).status).toBe(200);
    // The same code again, on a fresh challenge: refused.
    const again = (await passwordStep(user.email)).body.challenge;
    const reused = await codeStep(again, code);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ message: INVALID_CREDENTIALS, code: 'unauthorized' });
    expect(reused.body.token).toBeUndefined();
    // So is a code of an earlier step, still inside the drift window.
    nextStep();
    expect((await codeStep(again, await codeAt(secret, -2))).status).toBe(401);
    expect((await codeStep(again, await codeAt(secret))).status).toBe(200);
  });

  test('a challenge is used once', async () => {
    const { user, secret } = await enrolledUser();
    const { challenge } = (await passwordStep(user.email)).body;
    expect((await codeStep(challenge, await codeAt(secret))).status).toBe(200);
    nextStep();
    const twice = await codeStep(challenge, await codeAt(secret));
    expect(twice.status).toBe(401);
    expect(twice.body.message).toBe(INVALID_CREDENTIALS);
  });

  test('a challenge older than 5 minutes is refused', async () => {
    const { user, secret } = await enrolledUser();
    const { challenge } = (await passwordStep(user.email)).body;
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    expect((await codeStep(challenge, await codeAt(secret))).status).toBe(401);
    // A fresh one works.
    expect((await codeStep((await passwordStep(user.email)).body.challenge, await codeAt(secret))).status).toBe(200);
  });

  test('accepts a phone clock one step behind or ahead, not two', async () => {
    const { user, secret } = await enrolledUser();
    const challenge = async () => (await passwordStep(user.email)).body.challenge as string;
    // One step past the one after enrolment, so the step behind has never been used.
    nextStep();
    expect((await codeStep(await challenge(), await codeAt(secret, -2))).status).toBe(401);
    expect((await codeStep(await challenge(), await codeAt(secret, 2))).status).toBe(401);
    expect((await codeStep(await challenge(), await codeAt(secret, -1))).status).toBe(200);
    nextStep();
    nextStep();
    expect((await codeStep(await challenge(), await codeAt(secret, 1))).status).toBe(200);
  });

  test('5 wrong codes lock the challenge: the right code is then refused too', async () => {
    const { user, secret } = await enrolledUser();
    const { challenge } = (await passwordStep(user.email)).body;
    const right = await codeAt(secret);
    const wrong = right === '000000' ? '999999' : '000000';
    for (let i = 0; i < 5; i++) expect((await codeStep(challenge, wrong)).status).toBe(401);
    expect((await codeStep(challenge, right)).status).toBe(401);
    const [row] = await db.select().from(signInChallenges).where(eq(signInChallenges.userId, user.id));
    expect(row!.failedAttempts).toBe(5);
  });

  test('a recovery code signs in once, in any case and without its dash', async () => {
    const { user, token, recoveryCodes: codes } = await enrolledUser();
    const first = await codeStep((await passwordStep(user.email)).body.challenge, codes[0]!.toUpperCase().replace('-', ''));
    expect(first.status).toBe(200);
    const again = await codeStep((await passwordStep(user.email)).body.challenge, codes[0]!);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(INVALID_CREDENTIALS);
    expect((await call(getStatus, { url: '/api/users/profile/two-factor', token })).body).toEqual({ enabled: true, recovery_codes_left: 9 });
  });

  test('a code of another account does not open this one', async () => {
    const a = await enrolledUser();
    const b = await enrolledUser();
    expect((await codeStep((await passwordStep(a.user.email)).body.challenge, await codeAt(b.secret))).status).toBe(401);
    expect((await codeStep((await passwordStep(a.user.email)).body.challenge, b.recoveryCodes[0]!)).status).toBe(401);
  });

  test('the browser sign-in (next-auth) asks for a code the same way and issues the session only after it', async () => {
    const { user, secret } = await enrolledUser();
    const headers = { 'x-forwarded-for': freshIp() };
    const error = await authorize({ identifier: user.email, password: TEST_PASSWORD }, { headers }).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(error).toMatch(new RegExp(`^${TWO_FACTOR_REQUIRED}`));
    const challenge = error!.slice(TWO_FACTOR_REQUIRED.length);
    await expect(authorize({ challenge, code: '000000' === (await codeAt(secret)) ? '111111' : '000000' }, { headers })).rejects.toThrow(INVALID_CREDENTIALS);
    const signedIn = await authorize({ challenge, code: await codeAt(secret) }, { headers });
    expect(signedIn?.id).toBe(String(user.id));
    nextStep();
    await expect(authorize({ challenge, code: await codeAt(secret) }, { headers })).rejects.toThrow(INVALID_CREDENTIALS);
  });

  test('an account without two-factor sign-in gets its session from the password, as before', async () => {
    const user = await createUser();
    const signedIn = await authorize({ identifier: user.email, password: TEST_PASSWORD }, { headers: { 'x-forwarded-for': freshIp() } });
    expect(signedIn?.id).toBe(String(user.id));
  });
});

describe('turning two-factor sign-in off', () => {
  const off = (token: string, body: unknown) => call(disable, { method: 'POST', url: '/api/users/profile/two-factor/disable', token, headers: { 'x-forwarded-for': freshIp() }, body });

  test('needs the password and a code; then the password alone signs in again', async () => {
    const { user, token, secret } = await enrolledUser();
    const wrongPassword = await off(token, { password: 'not-the-password', code: await codeAt(secret) });
    expect(wrongPassword.status).toBe(400);
    expect((await off(token, { password: TEST_PASSWORD, code: 'abcde-fghjk' })).status).toBe(400);
    expect((await off(token, { password: TEST_PASSWORD })).status).toBe(400);
    expect((await call(getStatus, { url: '/api/users/profile/two-factor', token })).body.enabled).toBe(true);

    const done = await off(token, { password: TEST_PASSWORD, code: await codeAt(secret) });
    expect(done.status).toBe(200);
    expect((await call(getStatus, { url: '/api/users/profile/two-factor', token })).body).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect((await passwordStep(user.email)).body.token).toEqual(expect.any(String));
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0);
    // Already off: 409.
    expect((await off(token, { password: TEST_PASSWORD, code: await codeAt(secret) })).status).toBe(409);
  });

  test('a recovery code will do', async () => {
    const { token, recoveryCodes: codes } = await enrolledUser();
    expect((await off(token, { password: TEST_PASSWORD, code: codes[3]! })).status).toBe(200);
  });
});
