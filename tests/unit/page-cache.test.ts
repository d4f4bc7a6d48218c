/**
 * The page cache's public addresses (lib/storefront/page-cache.ts, next.config.ts): which pages are
 * rewritten to their ISR twins, and which answers a shared cache may keep.
 */
import { getRewrittenUrl, unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from 'next/experimental/testing/server';
import { describe, expect, test } from 'vitest';
import { config } from '@/proxy';
import nextConfig from '@/next.config';
import { CACHED_PAGES, isCachedShopperPath, PRODUCT_QUERY_KEYS } from '@/lib/storefront/page-cache';
import { FRESHNESS_BOUND_SECONDS, SHARED_CACHE_CONTROL } from '@/lib/server/cache/cache-control';
import { productQuerySchema } from '@/lib/catalog/query-schema';

/** What next.config.ts answers for an address: its rewrite's internal path (or null) and its headers. */
const configured = async (url: string) => {
  const res = await unstable_getResponseFromNextConfig({ url: `http://shop.test${url}`, nextConfig });
  const to = getRewrittenUrl(res);
  return { rewrite: to && new URL(to).pathname, headers: res.headers };
};
const rewritten = async (url: string) => (await configured(url)).rewrite;

describe('page cache rewrites (next.config.ts)', () => {
  test('the fixed pages and plain /products go to their twins, whatever else the address carries', async () => {
    for (const [path, key] of Object.entries(CACHED_PAGES)) {
      expect(await rewritten(path)).toBe(`/cached/${key}`);
      expect(await rewritten(`${path}?utm_source=x`)).toBe(`/cached/${key}`);
    }
  });

  test('a /products query the page reads renders per request at /products (on_sale included)', async () => {
    expect([...PRODUCT_QUERY_KEYS].sort()).toEqual(Object.keys(productQuerySchema.in.shape).sort());
    for (const key of PRODUCT_QUERY_KEYS) expect(await rewritten(`/products?${key}=1`)).toBeNull();
  });

  test('the promotions page goes to its twin only without paging or a campaign', async () => {
    expect(await rewritten('/promotional-products?page=2')).toBeNull();
    expect(await rewritten('/promotional-products?campaign=3')).toBeNull();
  });

  test('other pages are left alone', async () => {
    for (const path of ['/faqs', '/shipping/nz', '/cart', '/products/14', '/about']) expect(await rewritten(path)).toBeNull();
  });

  test('the proxy never runs on catalogue pages (it only redirects the signed-in areas)', () => {
    for (const url of ['/', '/products', '/products?q=sofa&page=2', '/products?category=3', '/products/14', '/faq']) {
      expect(unstable_doesMiddlewareMatch({ config, url })).toBe(false);
    }
  });
});

describe('what a shared cache may keep (Cache-Control from next.config.ts headers())', () => {
  test('every anonymous catalogue page, with or without a query, is public for a short while', async () => {
    for (const url of ['/', '/products', '/products?q=sofa&sort=price_asc', '/products?category=3&page=2', '/products/14', '/products/14/reviews/2', '/featured-products', '/latest-products', '/promotional-products', '/promotional-products?page=2', '/shipping', '/faq']) {
      expect((await configured(url)).headers.get('cache-control'), url).toBe(SHARED_CACHE_CONTROL);
    }
    expect(SHARED_CACHE_CONTROL).toMatch(/^public, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(FRESHNESS_BOUND_SECONDS).toBeLessThanOrEqual(60);
  });

  test('personal pages and the API get no shared Cache-Control from the config (the pages and route() decide)', async () => {
    for (const url of ['/cart', '/checkout/7', '/orders', '/profile', '/admin/product', '/login', '/api/products', '/api/cart', '/products/14/edit', '/productsx']) {
      expect((await configured(url)).headers.get('cache-control'), url).toBeNull();
    }
  });
});

describe('isCachedShopperPath (which pages load no toast outlet)', () => {
  test('the fixed cached pages and product pages are cached shopper pages', () => {
    for (const path of ['/', '/products', '/featured-products', '/latest-products', '/promotional-products', '/shipping', '/faq', '/products/14']) {
      expect(isCachedShopperPath(path)).toBe(true);
    }
  });

  test('pages that can raise a toast are not', () => {
    for (const path of ['/cart', '/checkout/7', '/order-confirmation', '/order', '/orders', '/profile', '/login', '/admin/product', '/products/14/edit', '/productsx']) {
      expect(isCachedShopperPath(path)).toBe(false);
    }
  });
});
