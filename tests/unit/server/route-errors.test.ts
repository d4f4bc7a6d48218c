/**
 * Server errors are visible and say nothing inside: an unexpected error answers a
 * generic 500 and is logged once with the request id (also answered in X-Request-Id) and the
 * route's method and pattern — never the SQL or its parameters. Every answer carries the id.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { route } from '@/lib/http/route';

const call = (handler: ReturnType<typeof route>, url: string, params: Record<string, string | string[]> = {}) =>
  handler(new Request(new URL(url, 'http://localhost:3000')), { params: Promise.resolve(params) });

afterEach(() => vi.restoreAllMocks());

describe('route() — unexpected errors', () => {
  test('logged once with the request id and route pattern, without SQL or parameters; a generic 500', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = route({}, () => {
      throw new DrizzleQueryError('select * from users where email = $1', ['mere@example.test'], Object.assign(new Error('connection reset'), { code: '08006' }));
    });
    const res = await call(failing, '/api/orders/5/items/7', { id: '5', itemId: '7' });
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const body = await res.json();
    expect(body).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal' });
    expect(log).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(log.mock.calls[0], (_k, v) => (v instanceof Error ? { message: v.message, stack: v.stack } : v));
    expect(logged).toContain(id);
    expect(logged).toContain('GET /api/orders/[id]/items/[itemId]');
    expect(logged).toContain('08006');
    expect(logged).not.toContain('mere@example.test');
    expect(logged).not.toContain('select * from users');
  });

  test('a catch-all param is named once in the pattern', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await call(route({}, () => { throw new Error('boom'); }), '/api/images/a/b', { key: ['a', 'b'] });
    expect(String(log.mock.calls[0][0])).toContain('GET /api/images/[...key]');
  });

  test('a text the database refuses (22021, a NUL byte) is a 400, not logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await call(route({}, () => { throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }); }), '/api/x');
    expect(res.status).toBe(400);
    expect(log).not.toHaveBeenCalled();
  });
});

describe('route() — X-Request-Id on every answer', () => {
  test('success, error and a handler’s own Response (even one with immutable headers) carry a fresh id', async () => {
    const ok = await call(route({}, () => ({ ok: true })), '/api/x');
    const missing = await call(route({}, () => { throw Object.assign(new Error('x'), { code: '23503' }); }), '/api/x');
    const redirect = await call(route({}, () => Response.redirect('http://localhost:3000/elsewhere', 307)), '/api/x');
    expect(redirect.status).toBe(307);
    const ids = [ok, missing, redirect].map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  test('a public GET keeps the handler’s caching; a public write is private, no-store', async () => {
    const get = await call(route({}, () => new Response('{}', { headers: { 'cache-control': 'public, max-age=60' } })), '/api/x');
    expect(get.headers.get('cache-control')).toBe('public, max-age=60');
    const post = await route({}, () => ({ ok: true }))(new Request('http://localhost:3000/api/x', { method: 'POST' }));
    expect(post.headers.get('cache-control')).toBe('private, no-store');
  });
});
