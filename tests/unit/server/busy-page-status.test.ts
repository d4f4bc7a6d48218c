/**
 * A page the catalogue's cost cap refused answers 503 with Retry-After, not 500 (issue 18 item 2,
 * README Decisions "An overloaded catalogue page"): lib/server/busy-page-status.ts, on a real HTTP
 * server, with the check installed as the request hooks install it and the error handed
 * over the way Next.js hands it to onRequestError (the request's own headers object).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUSY_DIGEST } from '@/lib/catalog/busy';
import { installBusyPageStatus, noteRequestError } from '@/lib/server/busy-page-status';

/** What the server's "render" does for a path: throw busy, throw something else, or succeed. */
const outcome = (path: string): 'busy' | 'fault' | 'ok' => (path.includes('busy') ? 'busy' : path.includes('fault') ? 'fault' : 'ok');

let server: http.Server;
let base: string;

beforeAll(async () => {
  installBusyPageStatus();
  server = http.createServer((req, res) => {
    const result = outcome(req.url ?? '');
    // As Next.js does: the render's error reaches onRequestError before the error page is sent.
    if (result === 'busy') noteRequestError(Object.assign(new Error('busy'), { digest: BUSY_DIGEST }), req.headers);
    if (result === 'fault') noteRequestError(Object.assign(new Error('boom'), { digest: '1234567' }), req.headers);
    res.statusCode = result === 'ok' ? 200 : 500;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // An explicit writeHead for the API path, an implicit one (end) for pages, as Next.js does both.
    if ((req.url ?? '').startsWith('/api/')) res.writeHead(res.statusCode, { 'X-Kind': 'api' });
    res.end(`<p>${result}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a page whose render the cost cap refused', () => {
  test('answers 503 with Retry-After and keeps the busy page as its body', async () => {
    const res = await fetch(`${base}/products?q=busy-wardrobe&sort=price_desc`);
    expect(res.status).toBe(503);
    expect(res.statusText).toBe('Service Unavailable');
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.text()).toBe('<p>busy</p>');
  });

  test('so does a product page or the home page refused the same way', async () => {
    expect((await fetch(`${base}/products/busy`)).status).toBe(503);
    expect((await fetch(`${base}/?busy`)).status).toBe(503);
  });
});

describe('everything else keeps its status', () => {
  test('a page that failed for another reason is still a 500, without Retry-After', async () => {
    const res = await fetch(`${base}/products?q=fault`);
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBeNull();
  });

  test('a page rendered fine is a 200', async () => {
    expect((await fetch(`${base}/products?q=sofa`)).status).toBe(200);
  });

  test('the mark belongs to its own request: the next one on the same kept-alive connection is judged afresh', async () => {
    const busy = await fetch(`${base}/products/busy`);
    await busy.text();
    expect(busy.status).toBe(503);
    const fault = await fetch(`${base}/products/fault`);
    expect(fault.status).toBe(500);
    expect(fault.headers.get('retry-after')).toBeNull();
  });

  test('API answers are left to route() (their own 503 body and headers)', async () => {
    const res = await fetch(`${base}/api/products?busy`);
    expect(res.status).toBe(500);
    expect(res.headers.get('x-kind')).toBe('api');
  });
});
