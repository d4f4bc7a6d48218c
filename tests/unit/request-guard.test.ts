/**
 * The requests Next.js itself would answer with a 500 are refused with a 400 `{ message, code }`
 * in front of it (lib/server/request-guard.ts; the running server is checked by
 * e2e/hostile-requests.spec.ts). Here: which requests, and the answer on a real HTTP server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerRefusal, refusalFor } from '@/lib/server/request-guard';
import { pageId } from '@/lib/storefront/page-id';

const validTree = encodeURIComponent(JSON.stringify(['', { children: ['__PAGE__', {}] }]));

describe('refusalFor', () => {
  test.each(['TRACE', 'trace'])('%s is refused on any path', (method) => {
    expect(refusalFor(method, '/api/health', {})).toMatchObject({ status: 400, code: 'bad_request' });
    expect(refusalFor(method, '/', {})?.status).toBe(400);
  });

  test.each(['/api/products/%ff', '/api/orders/%', '/api/brands/%E0%A4%A', '/api/users/addresses/%c3', '/api/auth/session%', '/cached/products/%ff', '/checkout/%zz?x=1'])(
    'a path with bad percent-encoding is refused: %s',
    (target) => {
      expect(refusalFor('GET', target, {})).toMatchObject({ status: 400, code: 'bad_request' });
    },
  );

  test.each(['/api/products/%31', '/products?query=%ff', '/products?query=50%', '/api/images/%E2%82%AC.webp', '/', '/products/14', '*'])('%s passes', (target) => {
    expect(refusalFor('GET', target, {})).toBeNull();
  });

  test('an RSC request with a router-state header Next cannot parse is refused; a valid one passes', () => {
    expect(refusalFor('GET', '/login', { rsc: '1', 'next-router-state-tree': 'junk' })?.status).toBe(400);
    expect(refusalFor('GET', '/login', { rsc: '1', 'next-router-state-tree': encodeURIComponent('["",{},"x"]') })?.status).toBe(400);
    expect(refusalFor('GET', '/login?_rsc=abc', { rsc: '1', 'next-router-state-tree': validTree })).toBeNull();
    // Next reads the header only on RSC requests.
    expect(refusalFor('GET', '/login', { 'next-router-state-tree': 'junk' })).toBeNull();
    expect(refusalFor('GET', '/login', { rsc: '1' })).toBeNull();
  });
});

describe('answerRefusal on an HTTP server', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (answerRefusal(req, res)) return;
      res.end('passed');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A raw request (fetch refuses TRACE and re-encodes paths). */
  const raw = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });

  test('a refused request answers 400 JSON { message, code }, not stored by caches', async () => {
    for (const [method, path, headers] of [
      ['TRACE', '/api/health', {}],
      ['GET', '/api/products/%ff', {}],
      ['GET', '/login?_rsc=1', { RSC: '1', 'Next-Router-State-Tree': 'junk' }],
    ] as const) {
      const res = await raw(method, path, headers);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = JSON.parse(res.body);
      expect(body.code).toBe('bad_request');
      expect(typeof body.message).toBe('string');
    }
  });

  test('anything else reaches the server’s own handler', async () => {
    expect((await raw('GET', '/api/products/%31')).body).toBe('passed');
    expect((await raw('POST', '/api/cart')).body).toBe('passed');
  });
});

describe('pageId (ids in page URLs)', () => {
  test('positive whole ids within the database integer range', () => {
    expect(pageId('42')).toBe(42);
    expect(pageId(['7', '8'])).toBe(7);
    expect(pageId('2147483647')).toBe(2_147_483_647);
  });

  test.each(['99999999999999999999', '2147483648', '0', '-3', '1.5', 'abc', '', ' 5', '05', '0x10', '1e3'])('%j is no id', (raw) => {
    expect(pageId(raw)).toBeNull();
  });

  test('a missing value is no id', () => {
    expect(pageId(undefined)).toBeNull();
  });
});
