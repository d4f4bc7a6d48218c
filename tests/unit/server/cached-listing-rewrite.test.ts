import type http from 'node:http';
import { describe, expect, test } from 'vitest';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { matchHas, prepareDestination } from 'next/dist/shared/lib/router/utils/prepare-destination';
import { config } from '@/proxy';
import nextConfig from '@/next.config';
import { hookRequest } from '@/lib/server/request-hooks';
import { keyCachedListing } from '@/lib/server/cached-listing-rewrite';
import { ListingAdmission, type Admission } from '@/lib/server/listing-admission';
import { cachedPathFor } from '@/lib/storefront/cached-pages';
import { PER_REQUEST_HEADER } from '@/lib/storefront/cached-page-paths';

/** A request as node:http hands it to the server, and the headers set on its response. */
const exchange = (url: string, method = 'GET', headers: Record<string, string> = {}) => {
  const set = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => set.set(name.toLowerCase(), value) } as unknown as http.ServerResponse;
  const req = { method, url, headers: { ...headers }, socket: { remoteAddress: '127.0.0.1' } } as unknown as http.IncomingMessage;
  return { req, res, set };
};

const twinOf = (query: string) => cachedPathFor('/products', new URLSearchParams(query))!;

/** An admission that has seen every listing before: the hook keys each to its twin. */
const seenBefore: Admission = { admit: () => true };

/**
 * Where next.config.ts's /products rewrites send a request target: the internal path, or null.
 * Applied with Next.js's own matchHas and prepareDestination, as its router applies a rule (its
 * testing util, unstable_getResponseFromNextConfig, drops the parameters a `has` captures).
 */
const rewritten = async (target: string) => {
  const url = new URL(target, 'http://shop.test');
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? values[0] : values;
  }
  const { beforeFiles } = (await nextConfig.rewrites!()) as { beforeFiles: { source: string; destination: string; has?: never[]; missing?: never[] }[] };
  for (const rule of beforeFiles.filter((r) => r.source === url.pathname)) {
    const params = matchHas({ headers: {} } as http.IncomingMessage, query, rule.has, rule.missing);
    if (params) return prepareDestination({ appendParamsToQuery: false, destination: rule.destination, params, query }).parsedDestination.pathname;
  }
  return null;
};

describe('a /products query keyed to its cached twin in front of Next.js (lib/server/cached-listing-rewrite.ts)', () => {
  test('every request passes the hook: a filtered listing asked for the first time renders per request, from the second it reaches Next.js with its key, next.config.ts sends it to the twin; the proxy never starts', async () => {
    const url = '/products?category=3&sort=price_asc&utm_source=mail';
    expect(unstable_doesMiddlewareMatch({ config, url })).toBe(true);
    const twin = twinOf('category=3&sort=price_asc');

    const first = exchange(url);
    expect(hookRequest(first.req, first.res)).toBe(false);
    // Its address unchanged (the page renders with the address the client asked for), marked by a header.
    expect(first.req.url).toBe(url);
    expect(first.req.headers[PER_REQUEST_HEADER]).toBe('1');
    expect(await rewritten(first.req.url!)).toBeNull(); // /products, rendered per request
    expect(unstable_doesMiddlewareMatch({ config, url: first.req.url!, headers: first.req.headers as Record<string, string> })).toBe(false);

    // The same listing written another way is the same listing.
    const again = exchange('/products?sort=price_asc&category=3');
    expect(hookRequest(again.req, again.res)).toBe(false);
    expect(again.req.url).toBe(`/products?sort=price_asc&category=3&listing_key=${twin.split('/').pop()}`);
    expect(again.req.headers[PER_REQUEST_HEADER]).toBeUndefined();
    expect(await rewritten(again.req.url!)).toBe(twin);
    expect(await rewritten(url)).toBeNull();
    expect(unstable_doesMiddlewareMatch({ config, url: again.req.url! })).toBe(false);
    // Still the page's security headers: the address is /products.
    for (const { set } of [first, again]) expect(set.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  test('the per-request header from a client is dropped: a listing asked for before still goes to its twin, and one asked for the first time renders per request all the same', async () => {
    const seen = new ListingAdmission();
    const url = '/products?category=5';
    const sent = { [PER_REQUEST_HEADER]: '1' };
    const first = exchange(url, 'GET', sent);
    expect(keyCachedListing(first.req, true, seen)).toBeNull();
    expect(first.req.headers[PER_REQUEST_HEADER]).toBe('1');
    const second = exchange(url, 'GET', sent);
    keyCachedListing(second.req, true, seen);
    expect(second.req.headers[PER_REQUEST_HEADER]).toBeUndefined();
    expect(await rewritten(second.req.url!)).toBe(twinOf('category=5'));
    // Not a listing the cache keys: the header goes all the same.
    const other = exchange('/cart', 'GET', sent);
    keyCachedListing(other.req, true, seen);
    expect(other.req.headers[PER_REQUEST_HEADER]).toBeUndefined();
  });

  test('on a serverless host a client that sends the header gets /products rendered per request, as for any new query: the proxy does not start for it', () => {
    const { req } = exchange('/products?category=3', 'GET', { [PER_REQUEST_HEADER]: '1' });
    expect(keyCachedListing(req, false)).toBeNull();
    expect(unstable_doesMiddlewareMatch({ config, url: req.url!, headers: req.headers as Record<string, string> })).toBe(false);
  });

  test('the same listing, however the query is written, gets the same key (one cache entry)', () => {
    const a = keyCachedListing(exchange('/products?sort=price_asc&category=3').req, true, seenBefore);
    const b = keyCachedListing(exchange('/products?category=3&sort=price_asc&_rsc=1x2y').req, true, seenBefore);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(b).toBe(a);
  });

  test('repeated categories keep every category, as the page reads them', () => {
    const key = keyCachedListing(exchange('/products?category=3&category=9').req, true, seenBefore);
    expect(`/cached/products/${key}`).toBe(twinOf('category=3,9'));
    expect(`/cached/products/${key}`).not.toBe(twinOf('category=9'));
  });

  test('a listing_key the client sent comes first: Next.js reads the last value, the one the hook added', async () => {
    const { req } = exchange(`/products?category=9&listing_key=${twinOf('category=3').split('/').pop()}`);
    keyCachedListing(req, true, seenBefore);
    expect(await rewritten(req.url!)).toBe(twinOf('category=9'));
  });

  test('what next.config.ts rewrites, what the page rejects and what is not the listing are left alone', () => {
    for (const url of [
      '/products',
      '/products?',
      '/products?utm_source=mail', // the plain listing: next.config.ts
      '/products?query=sofa', // one plain word: next.config.ts
      '/products?page=abc', // rejected: the page explains it, per request
      '/products?width_min=90&width_max=10',
      `/products?q=${'a'.repeat(190)}`, // too long for a key
      '/products/14?category=3',
      '/productsx?category=3',
      '/api/products?category=3',
      '/cached/products?category=3',
    ]) {
      const { req } = exchange(url);
      expect(keyCachedListing(req, true, seenBefore)).toBeNull();
      expect(req.url).toBe(url);
    }
  });

  test('only GET and HEAD: another method goes on to proxy.ts as before', () => {
    expect(keyCachedListing(exchange('/products?category=3', 'HEAD').req, true, seenBefore)).not.toBeNull();
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const { req } = exchange('/products?category=3', method);
      expect(keyCachedListing(req, true, seenBefore)).toBeNull();
      expect(req.url).toBe('/products?category=3');
    }
  });

  test('on a serverless host nothing is added: the platform routes, and proxy.ts rewrites', () => {
    const { req } = exchange('/products?category=3');
    expect(keyCachedListing(req, false, seenBefore)).toBeNull();
    expect(req.url).toBe('/products?category=3');
    expect(unstable_doesMiddlewareMatch({ config, url: req.url! })).toBe(true);
  });
});

describe('which listings the page cache stores (lib/server/listing-admission.ts)', () => {
  test('a listing is stored from its second request on', () => {
    const seen = new ListingAdmission();
    expect(seen.admit('a')).toBe(false);
    expect(seen.admit('b')).toBe(false);
    expect(seen.admit('a')).toBe(true);
    expect(seen.admit('a')).toBe(true);
    expect(seen.admit('b')).toBe(true);
  });

  test('it remembers the last listings asked for: one asked again stays, the oldest is forgotten', () => {
    const seen = new ListingAdmission(3);
    for (const key of ['a', 'b', 'c']) seen.admit(key);
    expect(seen.admit('a')).toBe(true); // now the most recent: b is the oldest
    seen.admit('d'); // b forgotten
    expect(seen.admit('c')).toBe(true);
    expect(seen.admit('a')).toBe(true);
    expect(seen.admit('b')).toBe(false);
  });
});
