import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { DELETE, PUT } from '@/app/api/users/addresses/[id]/route';
import { GET, POST } from '@/app/api/users/addresses/route';
import { db } from '@/db/client';
import { addresses } from '@/db/schema';
import { createAddress, listAddresses } from '@/lib/accounts/addresses';
import { POSTCODE_FORMAT } from '@/lib/accounts/address-schema';
import { outsideZones } from '@/lib/delivery/service';
import { createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';
import { addAddress, addressBody, sessionCookieFor } from '../support/accounts';

const rowsOf = (userId: number) => db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(addresses.id);
const put = (id: number, body: unknown, token?: string) => call(PUT, { method: 'PUT', url: `/api/users/addresses/${id}`, params: { id: String(id) }, token, body });
const del = (id: number | string, token?: string) => call(DELETE, { method: 'DELETE', url: `/api/users/addresses/${id}`, params: { id: String(id) }, token });

describe('GET /api/users/addresses', () => {
  test('lists only the caller’s addresses as spec JSON, oldest first', async () => {
    const user = await createUser();
    const other = await createUser();
    const first = await addAddress(user.id, { street_address: '1 Queen Street' });
    await addAddress(other.id);
    const second = await addAddress(user.id, { street_address: '2 Cuba Street', state_province: null, postal_code: null, phone_number: null });
    const res = await call(GET, { url: '/api/users/addresses', token: await tokenFor(user) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([first, second]);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      ['address_id', 'street_address', 'city', 'state_province', 'postal_code', 'country', 'is_default', 'first_name', 'last_name', 'phone_number'].sort(),
    );
    expect(res.body[1]).toMatchObject({ state_province: null, postal_code: null, phone_number: null });
  });

  test('a visitor gets 401', async () => {
    expect((await call(GET, { url: '/api/users/addresses' })).status).toBe(401);
  });

  test('works with the browser session cookie', async () => {
    const user = await createUser();
    await addAddress(user.id);
    const res = await call(GET, { url: '/api/users/addresses', headers: { cookie: await sessionCookieFor(user) } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
  });
});

describe('POST /api/users/addresses', () => {
  test('adds an address and answers 201 with it', async () => {
    const user = await createUser();
    const body = addressBody({ state_province: '', postal_code: ' 1011 ' });
    const res = await call(POST, { method: 'POST', url: '/api/users/addresses', token: await tokenFor(user), body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ address_id: expect.any(Number), street_address: body.street_address, city: 'Auckland', state_province: null, postal_code: '1011', country: 'New Zealand', first_name: 'Mere', last_name: 'Parata', is_default: false, delivery_note: null });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  test('a new default address unsets the previous default', async () => {
    const user = await createUser();
    const old = await addAddress(user.id, { is_default: true });
    const res = await call(POST, { method: 'POST', url: '/api/users/addresses', token: await tokenFor(user), body: addressBody({ is_default: true }) });
    expect(res.body.is_default).toBe(true);
    const list = await listAddresses(user.id);
    expect(list.filter((a) => a.is_default).map((a) => a.address_id)).toEqual([res.body.address_id]);
    expect(list.find((a) => a.address_id === old.address_id)?.is_default).toBe(false);
  });

  test('another user’s default is untouched', async () => {
    const user = await createUser();
    const other = await createUser();
    const theirs = await addAddress(other.id, { is_default: true });
    await call(POST, { method: 'POST', url: '/api/users/addresses', token: await tokenFor(user), body: addressBody({ is_default: true }) });
    expect((await listAddresses(other.id))[0]).toMatchObject({ address_id: theirs.address_id, is_default: true });
  });

  test.each([
    ['a missing first name', { first_name: undefined }, 'First name is required.'],
    ['a blank last name', { last_name: '   ' }, 'Last name is required.'],
    ['a missing street', { street_address: undefined }, 'Street address is required.'],
    ['a missing city', { city: '' }, 'City is required.'],
    ['a missing country', { country: undefined }, 'Country is required.'],
    ['a too long street', { street_address: 's'.repeat(201) }, 'at most 200'],
    ['a missing postal code', { postal_code: undefined }, 'Postal code is required.'],
    ['a blank postal code', { postal_code: '  ' }, 'Postal code is required.'],
    ['letters for a postal code', { postal_code: 'abcd' }, POSTCODE_FORMAT],
    ['a five-digit postal code', { postal_code: '99999' }, POSTCODE_FORMAT],
    ['a three-digit postal code', { postal_code: '101' }, POSTCODE_FORMAT],
    ['a number for the city', { city: 42 }, 'City'],
  ])('answers 400 for %s and saves nothing', async (_label, override, message) => {
    const user = await createUser();
    const res = await call(POST, { method: 'POST', url: '/api/users/addresses', token: await tokenFor(user), body: addressBody(override) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  test('a valid postcode outside every delivery zone is saved, and the answer says the shop does not deliver there', async () => {
    const user = await createUser();
    const res = await call(POST, { method: 'POST', url: '/api/users/addresses', token: await tokenFor(user), body: addressBody({ postal_code: '0050' }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ postal_code: '0050', delivery_note: outsideZones('0050') });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  test('a visitor gets 401', async () => {
    expect((await call(POST, { method: 'POST', url: '/api/users/addresses', body: addressBody() })).status).toBe(401);
  });
});

describe('PUT /api/users/addresses/{id}', () => {
  test('sets the default: the others are unset in the same step', async () => {
    const user = await createUser();
    const a = await addAddress(user.id, { is_default: true });
    const b = await addAddress(user.id);
    const res = await put(b.address_id, { is_default: true }, await tokenFor(user));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ address_id: b.address_id, is_default: true, street_address: b.street_address });
    const list = await listAddresses(user.id);
    expect(list.map((x) => [x.address_id, x.is_default])).toEqual([
      [a.address_id, false],
      [b.address_id, true],
    ]);
  });

  test('edits fields and leaves the others alone', async () => {
    const user = await createUser();
    const a = await addAddress(user.id);
    const res = await put(a.address_id, { city: 'Wellington', postal_code: '6011' }, await tokenFor(user));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...a, city: 'Wellington', postal_code: '6011', delivery_note: null });
    expect((await listAddresses(user.id))[0]).toEqual({ ...a, city: 'Wellington', postal_code: '6011' });
  });

  test('edits a whole address as the profile form sends it; a bad or blank postcode is refused and nothing changes', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const a = await addAddress(user.id);
    for (const postal_code of ['', 'abcd', '99999', '101']) {
      const bad = await put(a.address_id, addressBody({ postal_code }), token);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain(postal_code ? POSTCODE_FORMAT : 'Postal code is required.');
    }
    expect((await listAddresses(user.id))[0]).toEqual(a);
    const edited = addressBody({ street_address: '5 Rata Lane', city: 'Nelson', state_province: 'Nelson', postal_code: '0050', first_name: 'Hemi' });
    const res = await put(a.address_id, edited, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ address_id: a.address_id, street_address: '5 Rata Lane', city: 'Nelson', postal_code: '0050', first_name: 'Hemi', delivery_note: outsideZones('0050') });
  });

  test('concurrent default changes leave exactly one default', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const list = await Promise.all([0, 1, 2, 3].map(() => addAddress(user.id)));
    await Promise.all(list.map((a) => put(a.address_id, { is_default: true }, token)));
    expect((await listAddresses(user.id)).filter((a) => a.is_default)).toHaveLength(1);
  });

  test('another customer’s or an admin’s attempt on my address → 404 and nothing changes', async () => {
    const owner = await createUser();
    const mine = await addAddress(owner.id);
    for (const intruder of [await createUser(), await createUser({ isAdmin: true })]) {
      const res = await put(mine.address_id, { is_default: true, city: 'Hacked' }, await tokenFor(intruder));
      expect(res.status).toBe(404);
    }
    expect((await listAddresses(owner.id))[0]).toEqual(mine);
  });

  test('answers 400 for invalid fields, an empty body or a bad id', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const a = await addAddress(user.id);
    expect((await put(a.address_id, { first_name: '' }, token)).status).toBe(400);
    expect((await put(a.address_id, { is_default: 'yes' }, token)).status).toBe(400);
    expect((await put(a.address_id, {}, token)).status).toBe(400);
    expect((await call(PUT, { method: 'PUT', url: '/api/users/addresses/abc', params: { id: 'abc' }, token, body: { city: 'X' } })).status).toBe(400);
    expect((await listAddresses(user.id))[0]).toEqual(a);
  });

  test('a visitor gets 401', async () => {
    const user = await createUser();
    const a = await addAddress(user.id);
    expect((await put(a.address_id, { is_default: true })).status).toBe(401);
  });
});

describe('DELETE /api/users/addresses/{id}', () => {
  test('removes the caller’s address', async () => {
    const user = await createUser();
    const a = await addAddress(user.id);
    const b = await addAddress(user.id);
    const res = await del(a.address_id, await tokenFor(user));
    expect(res.status).toBe(200);
    expect((await listAddresses(user.id)).map((x) => x.address_id)).toEqual([b.address_id]);
  });

  test('someone else’s address id → 404 and it stays', async () => {
    const owner = await createUser();
    const mine = await addAddress(owner.id);
    for (const intruder of [await createUser(), await createUser({ isAdmin: true })]) {
      expect((await del(mine.address_id, await tokenFor(intruder))).status).toBe(404);
    }
    expect(await listAddresses(owner.id)).toEqual([mine]);
  });

  test('a missing id → 404, a malformed id → 400, a visitor → 401', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const a = await addAddress(user.id);
    expect((await del(999999, token)).status).toBe(404);
    expect((await del('-1', token)).status).toBe(400);
    expect((await del(a.address_id)).status).toBe(401);
    expect(await listAddresses(user.id)).toHaveLength(1);
  });
});

describe('createAddress (reused by order confirmation)', () => {
  test('takes part in the caller’s transaction: a rollback removes it', async () => {
    const user = await createUser();
    await expect(
      db.transaction(async (tx) => {
        await createAddress(user.id, { street_address: '9 Dee Street', city: 'Invercargill', country: 'New Zealand', postal_code: '9810', is_default: true }, tx);
        expect(await listAddresses(user.id, tx)).toHaveLength(1);
        throw new Error('order failed');
      }),
    ).rejects.toThrow('order failed');
    expect(await listAddresses(user.id)).toHaveLength(0);
  });
});
