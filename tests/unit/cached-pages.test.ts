import { NextRequest } from 'next/server';
import { getRewrittenUrl, unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from 'next/experimental/testing/server';
import { describe, expect, test } from 'vitest';
import { config, proxy } from '@/proxy';
import nextConfig from '@/next.config';
import { cachedPathFor, queryFromKey } from '@/lib/storefront/cached-pages';
import { CACHED_PAGES, isCachedShopperPath, isPlainWordSearch, PRODUCT_QUERY_KEYS, SEARCH_KEYS } from '@/lib/storefront/cached-page-paths';
import { productQuerySchema } from '@/lib/catalog/query-schema';

const at = (url: string) => {
  const u = new URL(url, 'http://shop.test');
  return cachedPathFor(u.pathname, u.searchParams);
};
const keyOf = (path: string | null) => path?.split('/')[3];

describe('cached shopper pages (lib/storefront/cached-pages.ts)', () => {
  test('the home page, the curated lists and the settings pages have one cached twin each', () => {
    expect(at('/')).toBe('/cached/home');
    expect(at('/featured-products')).toBe('/cached/featured-products');
    expect(at('/shipping?utm_source=x')).toBe('/cached/shipping');
  });

  test('pages that depend on the visitor are never rewritten', () => {
    for (const path of ['/cart', '/profile', '/login', '/products/14', '/cached/home', '/constructor']) expect(at(path)).toBeNull();
  });

  test('/products is keyed on its canonical query: same listing, same entry; parameters the page ignores do not count', () => {
    expect(at('/products')).toBe('/cached/products');
    expect(at('/products?_rsc=abc&utm_campaign=x')).toBe('/cached/products');
    const a = at('/products?query=sofa&category=3&page=2');
    expect(a).toMatch(/^\/cached\/products\/[A-Za-z0-9_-]+$/);
    expect(at('/products?page=2&category=3&q=sofa&_rsc=1')).toBe(a);
    expect(queryFromKey(keyOf(a))?.toString()).toBe('q=sofa&category=3&page=2');
    expect(at('/products?query=sofa&sort=price_asc')).not.toBe(at('/products?query=sofa'));
  });

  test('a search in any script survives the round trip', () => {
    const path = at('/products?q=po%C3%A4ng%20%E6%A4%85%E5%AD%90');
    expect(queryFromKey(keyOf(path))?.get('q')).toBe('poäng 椅子');
  });

  test('a query the page rejects, or one too long for a key, renders per request', () => {
    expect(at('/products?width_min=90&width_max=10')).toBeNull();
    expect(at('/products?page=abc')).toBeNull();
    expect(at(`/products?q=${'a'.repeat(190)}`)).toBeNull();
  });

  test('a /cached/products key that is not one of ours is refused', () => {
    expect(queryFromKey('not base64!')).toBeNull();
    expect(queryFromKey(undefined)?.toString()).toBe('');
  });
});

describe('page cache rewrites (next.config.ts and proxy.ts)', () => {
  test('the fixed pages and plain /products are rewritten by next.config.ts, whatever else the address carries', async () => {
    /** Where next.config.ts sends an address: the internal path of its rewrite, or null. */
    const rewritten = async (url: string) => {
      const res = await unstable_getResponseFromNextConfig({ url: `http://shop.test${url}`, nextConfig });
      const to = getRewrittenUrl(res);
      return to && new URL(to).pathname;
    };
    for (const [path, key] of Object.entries(CACHED_PAGES)) {
      expect(await rewritten(path)).toBe(`/cached/${key}`);
      expect(await rewritten(`${path}?utm_source=x`)).toBe(`/cached/${key}`);
    }
    // Only when no parameter the page reads is present: each of them changes the page.
    for (const key of ['category', 'style', 'function', 'mobility', 'width_min', 'depth_max', 'sort', 'page', 'limit']) {
      expect(await rewritten(`/products?${key}=1`)).toBeNull();
    }
    expect(await rewritten('/promotional-products?page=2')).toBeNull();
    expect(await rewritten('/promotional-products?campaign=3')).toBeNull();
    for (const path of ['/faqs', '/shipping/nz', '/cart', '/products/14', '/about']) expect(await rewritten(path)).toBeNull();
  });

  test('a plain one-word search is rewritten by next.config.ts, whichever alias it uses, and only when alone', async () => {
    const rewrites = (await nextConfig.rewrites!()) as { beforeFiles: { source: string; destination: string; has?: { key: string; value?: string }[]; missing?: { key: string }[] }[] };
    const searches = rewrites.beforeFiles.filter((r) => r.destination === '/cached/products/search/:word');
    expect(searches.map((r) => r.has![0].key).sort()).toEqual(['q', 'query', 'search']);
    for (const r of searches) expect(r.missing!.map((m) => m.key).sort()).toEqual(PRODUCT_QUERY_KEYS.filter((k) => k !== r.has![0].key).sort());
    expect(isPlainWordSearch(new URLSearchParams('query=sofa'))).toBe(true);
    expect(isPlainWordSearch(new URLSearchParams('q=sofa&utm_source=x'))).toBe(true);
    for (const qs of ['query=sofa&page=2', 'query=sofa%20bed', 'q=a&q=b', 'q=sofa&query=bed', 'category=3', ''])
      expect(isPlainWordSearch(new URLSearchParams(qs))).toBe(false);
    // The proxy leaves those to the config rewrite.
    expect(proxy(new NextRequest('http://shop.test/products?query=sofa')).headers.get('x-middleware-rewrite')).toBeNull();
  });

  test('any other /products query is rewritten by the proxy to its cached twin, keeping the URL the shopper sees', () => {
    const res = proxy(new NextRequest('http://shop.test/products?query=sofa&page=2'));
    expect(res.headers.get('x-middleware-rewrite')).toBe(`http://shop.test${at('/products?q=sofa&page=2')}?query=sofa&page=2`);
    expect(res.headers.get('location')).toBeNull();
  });

  test('a signed-in shopper gets the same cached page (nothing in it depends on the session)', () => {
    const res = proxy(new NextRequest('http://shop.test/products?category=3', { headers: { cookie: 'next-auth.session-token=abc' } }));
    expect(res.headers.get('x-middleware-rewrite')).toBe(`http://shop.test${at('/products?category=3')}?category=3`);
  });

  test('a rejected query passes through to the page, which explains it; a plain listing is left to next.config.ts', () => {
    for (const url of ['http://shop.test/products?page=abc', 'http://shop.test/products', 'http://shop.test/products?utm_source=x']) {
      const res = proxy(new NextRequest(url));
      expect(res.headers.get('x-middleware-rewrite')).toBeNull();
      expect(res.headers.get('location')).toBeNull();
    }
  });

  test('the proxy runs on /products with a query the page reads, not on a plain listing, a one-word search or product pages', () => {
    const filters = PRODUCT_QUERY_KEYS.filter((k) => !(SEARCH_KEYS as readonly string[]).includes(k));
    for (const key of filters) expect(unstable_doesMiddlewareMatch({ config, url: `/products?${key}=1` })).toBe(true);
    for (const key of SEARCH_KEYS) {
      // One plain word is next.config.ts's rewrite: the proxy is not even started.
      expect(unstable_doesMiddlewareMatch({ config, url: `/products?${key}=sofa` })).toBe(false);
      expect(isPlainWordSearch(new URLSearchParams(`${key}=sofa`))).toBe(true);
      // Anything else searched, or a search with a filter, is canonicalised by the proxy.
      for (const qs of [`${key}=sofa%20bed`, `${key}=ch%C3%A4ir`, `${key}=791.513.12`, `${key}=sofa&page=2`, `${key}=${'a'.repeat(41)}`]) {
        expect(unstable_doesMiddlewareMatch({ config, url: `/products?${qs}` })).toBe(true);
        expect(isPlainWordSearch(new URLSearchParams(qs))).toBe(false);
      }
    }
    expect(unstable_doesMiddlewareMatch({ config, url: '/products' })).toBe(false);
    expect(unstable_doesMiddlewareMatch({ config, url: '/products?utm_source=x' })).toBe(false);
    expect(unstable_doesMiddlewareMatch({ config, url: '/products/14' })).toBe(false);
    expect(unstable_doesMiddlewareMatch({ config, url: '/' })).toBe(false);
  });

  test('every parameter the /products page reads keeps the address off the plain cached listing (on_sale included)', () => {
    expect([...PRODUCT_QUERY_KEYS].sort()).toEqual(Object.keys(productQuerySchema.in.shape).sort());
    expect(at('/products?on_sale=1')).toMatch(/^\/cached\/products\/[A-Za-z0-9_-]+$/);
  });

  test('the promotions page is rewritten to its cached twin only without paging or a campaign', () => {
    const rewrite = (nextConfig as unknown as { rewrites: () => Promise<{ beforeFiles: { source: string; missing?: { key: string }[] }[] }> }).rewrites;
    return rewrite().then(({ beforeFiles }) => {
      const promotions = beforeFiles.find((r) => r.source === '/promotional-products');
      expect(promotions?.missing?.map((m) => m.key).sort()).toEqual(['campaign', 'page']);
    });
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
