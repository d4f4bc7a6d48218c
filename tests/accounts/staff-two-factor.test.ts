import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { POST as addBrand } from '@/app/api/brands/route';
import { GET as getProfile } from '@/app/api/users/profile/route';
import { POST as addPasskey } from '@/app/api/users/profile/passkeys/route';
import { POST as registrationOptions } from '@/app/api/users/profile/passkeys/options/route';
import { GET as getSettings, PUT as putSettings } from '@/app/api/settings/route';
import { db } from '@/db/client';
import { settings } from '@/db/schema';
import { userFromHeaders } from '@/lib/auth/guards';
import { createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';
import { SoftwareAuthenticator } from '../support/passkeys';

const MESSAGE = 'Set up two-factor sign-in before using the back office.';
const setRequired = (value: boolean) => db.update(settings).set({ value }).where(eq(settings.key, 'staff_two_factor_required'));
const brand = (token: string) => call(addBrand, { method: 'POST', url: '/api/brands', token, body: { name: `Brand ${Math.random().toString(36).slice(2, 8)}`, description: 'Kauri furniture' } });

afterEach(() => setRequired(false));

describe('"staff must use two-factor sign-in" (docs/accounts-and-security.md "Staff and two-factor sign-in")', () => {
  test('on: a staff member without a second factor gets 403 with the enrolment message; a passkey lets them through at once', async () => {
    await setRequired(true);
    const staff = await createUser({ roles: ['Catalogue editor'] });
    const token = await tokenFor(staff);
    const refused = await brand(token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGE, code: 'forbidden' });
    expect((await userFromHeaders(new Headers({ authorization: `Bearer ${token}` })))?.mustEnrolTwoFactor).toBe(true);
    // Their own account stays theirs, so they can set one up.
    expect((await call(getProfile, { url: '/api/users/profile', token })).status).toBe(200);

    const options = await call(registrationOptions, { method: 'POST', url: '/api/users/profile/passkeys/options', token });
    expect((await call(addPasskey, { method: 'POST', url: '/api/users/profile/passkeys', token, body: { name: 'Laptop', response: new SoftwareAuthenticator().register(options.body) } })).status).toBe(201);
    expect((await brand(token)).status).toBe(201);
  });

  test('off (the demo shop), staff sign in and work with the password alone; customers are never asked', async () => {
    const staff = await createUser({ roles: ['Catalogue editor'] });
    expect((await brand(await tokenFor(staff))).status).toBe(201);
    await setRequired(true);
    const customer = await createUser();
    expect((await userFromHeaders(new Headers({ authorization: `Bearer ${await tokenFor(customer)}` })))?.mustEnrolTwoFactor).toBe(false);
  });

  test('an Owner with a second factor turns it on and off in System Settings; a new shop has it on', async () => {
    const owner = await createUser({ isAdmin: true });
    const token = await tokenFor(owner);
    const options = await call(registrationOptions, { method: 'POST', url: '/api/users/profile/passkeys/options', token });
    await call(addPasskey, { method: 'POST', url: '/api/users/profile/passkeys', token, body: { name: 'Laptop', response: new SoftwareAuthenticator().register(options.body) } });
    expect((await call(putSettings, { method: 'PUT', url: '/api/settings', token, body: { staff_two_factor_required: true } })).status).toBe(200);
    expect((await call(getSettings, { url: '/api/settings', token })).body.staff_two_factor_required).toBe(true);
    expect((await call(putSettings, { method: 'PUT', url: '/api/settings', token, body: { staff_two_factor_required: 'maybe' } })).status).toBe(400);

    // A shop whose settings table has no row yet (a new shop before its first seed) has it on.
    await db.delete(settings).where(eq(settings.key, 'staff_two_factor_required'));
    const staff = await createUser({ roles: ['Catalogue editor'] });
    expect((await brand(await tokenFor(staff))).status).toBe(403);
    await db.insert(settings).values({ key: 'staff_two_factor_required', value: false });
  });
});
