/**
 * User Management that scales: GET /api/users?q&page&limit searches user name,
 * e-mail, first and last name and pages in SQL, answering the spec's plain array with the paging
 * facts in X-Total-Count, X-Page, X-Per-Page, X-Total-Pages.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { GET } from '@/app/api/users/route';
import { db } from '@/db/client';
import { users } from '@/db/schema';
import { createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  adminToken = await tokenFor(await createUser({ isAdmin: true }));
  customerToken = await tokenFor(await createUser());
});

let n = 0;
const tag = () => `${Date.now().toString(36)}${n++}`;
const list = (query: string, token = adminToken) => call(GET, { url: `/api/users?${query}`, token });
const names = (body: { user_name: string }[]) => body.map((u) => u.user_name);

describe('GET /api/users — search and paging', () => {
  test('GET /api/users?q — matches part of the user name, e-mail, first or last name, in any case', async () => {
    const t = tag();
    const a = await createUser({ userName: `mere_${t}`, email: `mere.${t}@totara.example` });
    const b = await createUser({ userName: `tama_${t}`, email: `tama.${t}@example.test` });
    await db.update(users).set({ firstName: 'Tama', lastName: `Parata${t}` }).where(eq(users.id, b.id));
    await createUser({ userName: `other_${t}` });
    expect(names((await list(`q=MERE_${t}`)).body)).toEqual([a.userName]);
    expect(names((await list(`q=${t}%40totara`)).body)).toEqual([a.userName]);
    expect(names((await list(`q=parata${t}`)).body)).toEqual([b.userName]);
    expect(names((await list(`q=${encodeURIComponent(`Tama Parata${t}`)}`)).body)).toEqual([b.userName]);
    const both = await list(`q=${t}&limit=10`);
    expect(names(both.body)).toEqual([a.userName, b.userName, `other_${t}`]);
    expect(both.res.headers.get('x-total-count')).toBe('3');
    expect(names((await list('q=%25')).body)).toEqual([]);
  });

  test('GET /api/users?page&limit — pages oldest first, counted in SQL, with the paging headers', async () => {
    const t = tag();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createUser({ userName: `page${i}_${t}` }));
    const first = await list(`q=_${t}&limit=2`);
    expect(first.status).toBe(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(names(first.body)).toEqual([made[0].userName, made[1].userName]);
    expect(first.res.headers.get('x-total-count')).toBe('5');
    expect(first.res.headers.get('x-total-pages')).toBe('3');
    expect(first.res.headers.get('x-per-page')).toBe('2');
    expect(names((await list(`q=_${t}&limit=2&page=3`)).body)).toEqual([made[4].userName]);
    expect((await list(`q=_${t}&limit=2&page=9`)).body).toEqual([]);
  });

  test('GET /api/users — without a query still answers the array of accounts (at most 100); 400 for a bad page or limit; 403 for a customer', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.length).toBeLessThanOrEqual(100);
    expect(res.body[0]).not.toHaveProperty('password_hash');
    expect(Number(res.res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(res.body.length);
    expect((await list('limit=500')).status).toBe(400);
    expect((await list('page=0')).status).toBe(400);
    expect((await list('page=abc')).status).toBe(400);
    expect((await list('q=x', customerToken)).status).toBe(403);
  });
});
