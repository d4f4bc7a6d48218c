/**
 * A whole page is sent as one Buffer, encoded once (patches/README.md, issue 18). Next.js 16.4.6
 * ended every cached page's response with the page as a string, and Node.js sends a large string by
 * a slower path than a Buffer, on every request for a cached page (bench/README.md). Patched,
 * `sendRenderResult` sends the page's bytes, with their Content-Length, and keeps the bytes of the
 * pages it sent last, so a cached page is encoded once — never at the cost of a stale byte.
 *
 * It serves pages through both copies of `sendRenderResult` that a build can use — the ESM one that
 * Turbopack bundles into the shop's server chunks, and the CommonJS one of `next-server` — on a real
 * HTTP server, and reads them back as a client does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import RenderResult from 'next/dist/server/render-result';
import * as esm from 'next/dist/esm/server/send-payload.js';
import * as cjs from 'next/dist/server/send-payload';

type Send = typeof cjs.sendRenderResult;

// Real copy: an em dash, a macron and a non-breaking space are 2–3 bytes each in UTF-8.
const page = `<!DOCTYPE html><html lang="en-NZ"><body><h1>FREKVENS Bar stool — 74 cm</h1><p>Delivered across Aotearoa, from $49\u00a0NZD.</p>${'<li>Oak shelf</li>'.repeat(4000)}</body></html>`;

/** Another page with its own text: `/other/3` → the third. */
const otherPage = (url: string) => page.replace('Bar stool', `Bar stool ${url.split('/')[2]}`);

/** What reached `res.end`, per request: its type name, and the object itself. */
const ended: string[] = [];
const bodies: unknown[] = [];
let server: http.Server;
let base = '';
let send: Send = cjs.sendRenderResult;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
    res.end = ((...args: unknown[]) => {
      ended.push(Buffer.isBuffer(args[0]) ? 'Buffer' : typeof args[0]);
      bodies.push(args[0]);
      return end(...args);
    }) as typeof res.end;
    const body = req.url === '/empty' ? '' : req.url?.startsWith('/other/') ? otherPage(req.url) : page;
    void send({ req: req as never, res: res as never, result: RenderResult.fromStatic(body, 'text/html; charset=utf-8'), generateEtags: false, poweredByHeader: false, cacheControl: undefined });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each<[string, Send]>([
  ['the ESM copy (bundled into the shop’s build)', esm.sendRenderResult as Send],
  ['the CommonJS copy (next-server)', cjs.sendRenderResult],
])('sendRenderResult, %s', (_, sendRenderResult) => {
  test('sends the page as one Buffer: every byte arrives, and Content-Length counts bytes, not characters', async () => {
    send = sendRenderResult;
    ended.length = 0;
    const response = await fetch(`${base}/products/14`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(bytes.equals(Buffer.from(page))).toBe(true);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(page));
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(page.length);
    // Unpatched: the page went to res.end as a string.
    expect(ended).toEqual(['Buffer']);
  });

  test('a page sent again is not encoded again, and every page keeps its own bytes', async () => {
    send = sendRenderResult;
    const read = async (path: string) => Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
    bodies.length = 0;
    expect((await read('/products/14')).equals(Buffer.from(page))).toBe(true);
    expect((await read('/products/14')).equals(Buffer.from(page))).toBe(true);
    // The same bytes, handed to the socket again (unpatched: a new string each time).
    expect(Buffer.isBuffer(bodies[0])).toBe(true);
    expect(bodies[1]).toBe(bodies[0]);
    // Forty other pages, more than are kept, then each again: each with its own text, never another's.
    for (let i = 0; i < 40; i++) expect((await read(`/other/${i}`)).toString()).toBe(otherPage(`/other/${i}`));
    for (const i of [39, 0, 17]) expect((await read(`/other/${i}`)).toString()).toBe(otherPage(`/other/${i}`));
    expect((await read('/products/14')).equals(Buffer.from(page))).toBe(true);
  });

  test('a HEAD request gets the length and no body; an empty page is still answered', async () => {
    send = sendRenderResult;
    const head = await fetch(`${base}/products/14`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(page));
    expect(await head.text()).toBe('');

    const empty = await fetch(`${base}/empty`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');
  });
});
