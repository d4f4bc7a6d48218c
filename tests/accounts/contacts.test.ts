import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { DELETE, PUT } from '@/app/api/users/contacts/[id]/route';
import { GET, POST } from '@/app/api/users/contacts/route';
import { db } from '@/db/client';
import { contacts } from '@/db/schema';
import { createContact, listContacts } from '@/lib/accounts/contacts';
import { createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';
import { addContact, contactBody, sessionCookieFor } from '../support/accounts';

const rowsOf = (userId: number) => db.select().from(contacts).where(eq(contacts.userId, userId));
const put = (id: number, body: unknown, token?: string) => call(PUT, { method: 'PUT', url: `/api/users/contacts/${id}`, params: { id: String(id) }, token, body });
const del = (id: number | string, token?: string) => call(DELETE, { method: 'DELETE', url: `/api/users/contacts/${id}`, params: { id: String(id) }, token });

describe('GET /api/users/contacts', () => {
  test('lists only the caller’s contacts as spec JSON, oldest first', async () => {
    const user = await createUser();
    const other = await createUser();
    const first = await addContact(user.id);
    await addContact(other.id);
    const second = await addContact(user.id, { first_name: 'Hine' });
    const res = await call(GET, { url: '/api/users/contacts', token: await tokenFor(user) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([first, second]);
    expect(Object.keys(res.body[0]).sort()).toEqual(['contact_id', 'email', 'first_name', 'is_default', 'last_name', 'phone_number']);
  });

  test('a visitor gets 401; the session cookie works', async () => {
    expect((await call(GET, { url: '/api/users/contacts' })).status).toBe(401);
    const user = await createUser();
    expect((await call(GET, { url: '/api/users/contacts', headers: { cookie: await sessionCookieFor(user) } })).status).toBe(200);
  });
});

describe('POST /api/users/contacts', () => {
  test('adds a contact and answers 201 with the contact', async () => {
    const user = await createUser();
    const body = contactBody({ email: 'Tama.Wiremu@Example.TEST' });
    const res = await call(POST, { method: 'POST', url: '/api/users/contacts', token: await tokenFor(user), body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ contact_id: expect.any(Number), first_name: 'Tama', last_name: 'Wiremu', phone_number: '021 555 0199', email: 'tama.wiremu@example.test', is_default: false });
  });

  test('a new default contact unsets the previous default', async () => {
    const user = await createUser();
    const old = await addContact(user.id, { is_default: true });
    const res = await call(POST, { method: 'POST', url: '/api/users/contacts', token: await tokenFor(user), body: contactBody({ is_default: true }) });
    const list = await listContacts(user.id);
    expect(list.filter((c) => c.is_default).map((c) => c.contact_id)).toEqual([res.body.contact_id]);
    expect(list.find((c) => c.contact_id === old.contact_id)?.is_default).toBe(false);
  });

  test.each([
    ['a missing first name', { first_name: undefined }, 'First name is required.'],
    ['a missing last name', { last_name: '' }, 'Last name is required.'],
    ['a missing phone', { phone_number: undefined }, 'Phone number is required.'],
    ['letters in the phone', { phone_number: 'ring ring' }, 'Phone number may contain'],
    ['a missing email', { email: undefined }, 'Email is required.'],
    ['a bad email', { email: 'tama-at-home' }, 'valid email'],
    ['a too long first name', { first_name: 'x'.repeat(101) }, 'at most 100'],
  ])('answers 400 for %s and saves nothing', async (_label, override, message) => {
    const user = await createUser();
    const res = await call(POST, { method: 'POST', url: '/api/users/contacts', token: await tokenFor(user), body: contactBody(override) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  test('a visitor gets 401', async () => {
    expect((await call(POST, { method: 'POST', url: '/api/users/contacts', body: contactBody() })).status).toBe(401);
  });
});

describe('PUT /api/users/contacts/{id}', () => {
  test('sets the default and unsets the others', async () => {
    const user = await createUser();
    const a = await addContact(user.id, { is_default: true });
    const b = await addContact(user.id);
    const res = await put(b.contact_id, { is_default: true }, await tokenFor(user));
    expect(res.status).toBe(200);
    expect((await listContacts(user.id)).map((c) => [c.contact_id, c.is_default])).toEqual([
      [a.contact_id, false],
      [b.contact_id, true],
    ]);
  });

  test('edits fields and leaves the others alone', async () => {
    const user = await createUser();
    const a = await addContact(user.id);
    const res = await put(a.contact_id, { phone_number: '+64 27 555 0000' }, await tokenFor(user));
    expect(res.body).toEqual({ ...a, phone_number: '+64 27 555 0000' });
  });

  test('another customer’s or an admin’s attempt → 404 and nothing changes', async () => {
    const owner = await createUser();
    const mine = await addContact(owner.id);
    for (const intruder of [await createUser(), await createUser({ isAdmin: true })]) {
      expect((await put(mine.contact_id, { is_default: true, email: 'evil@example.test' }, await tokenFor(intruder))).status).toBe(404);
    }
    expect(await listContacts(owner.id)).toEqual([mine]);
  });

  test('answers 400 for invalid fields or an empty body; 401 for a visitor', async () => {
    const user = await createUser();
    const a = await addContact(user.id);
    const token = await tokenFor(user);
    expect((await put(a.contact_id, { email: 'bad' }, token)).status).toBe(400);
    expect((await put(a.contact_id, {}, token)).status).toBe(400);
    expect((await put(a.contact_id, { is_default: true })).status).toBe(401);
    expect(await listContacts(user.id)).toEqual([a]);
  });
});

describe('DELETE /api/users/contacts/{id}', () => {
  test('removes the caller’s contact', async () => {
    const user = await createUser();
    const a = await addContact(user.id);
    expect((await del(a.contact_id, await tokenFor(user))).status).toBe(200);
    expect(await listContacts(user.id)).toEqual([]);
  });

  test('someone else’s contact id → 404 and it stays', async () => {
    const owner = await createUser();
    const mine = await addContact(owner.id);
    for (const intruder of [await createUser(), await createUser({ isAdmin: true })]) {
      expect((await del(mine.contact_id, await tokenFor(intruder))).status).toBe(404);
    }
    expect(await listContacts(owner.id)).toEqual([mine]);
  });

  test('a missing id → 404, a malformed id → 400, a visitor → 401', async () => {
    const user = await createUser();
    const a = await addContact(user.id);
    const token = await tokenFor(user);
    expect((await del(424242, token)).status).toBe(404);
    expect((await del('1.5', token)).status).toBe(400);
    expect((await del(a.contact_id)).status).toBe(401);
    expect(await listContacts(user.id)).toHaveLength(1);
  });
});

describe('createContact (reused by order confirmation)', () => {
  test('takes part in the caller’s transaction: a rollback removes it', async () => {
    const user = await createUser();
    await expect(
      db.transaction(async (tx) => {
        await createContact(user.id, { first_name: 'A', last_name: 'B', phone_number: '021 000 000', email: 'ab@example.test' }, tx);
        throw new Error('order failed');
      }),
    ).rejects.toThrow('order failed');
    expect(await listContacts(user.id)).toHaveLength(0);
  });
});
