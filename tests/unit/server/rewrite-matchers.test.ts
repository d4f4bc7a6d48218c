/**
 * The page-cache rewrites cost a request nothing to re-compile (patches/README.md, issue 18): the
 * route module that `next build` (Turbopack) serves applies next.config.ts's rewrites again in
 * `prepare()` on every request, `/api/health` included, and Next.js 16.4.6 compiled each rule's
 * pattern (path-to-regexp, then a new RegExp) every time: 7 RegExps a request for the shop's 7
 * rules, 20–26 µs that a bare route handler does not pay (bench/README.md). Patched, each
 * rule's matcher is compiled once; the rewrites still map each request to the right page.
 *
 * The same holds for a dynamic route's own pattern (`/products/[id]`, the cached pages'
 * `/cached/[page]`): Next.js turned it into a RegExp again on every request; patched, once per route,
 * while each request still gets its own params.
 *
 * It drives the production route runtime's own `prepare()` over a minimal build directory whose
 * routes manifest holds the shop's rewrites, and counts the RegExps built while it runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { createRequire } from 'node:module';
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, describe, expect, test } from 'vitest';
import nextConfig from '@/next.config';
import { getServerUtils } from 'next/dist/server/server-utils';

type Rewrites = { beforeFiles: unknown[]; afterFiles: unknown[]; fallback: unknown[] };
type Prepared = { params?: Record<string, string | string[]> } | undefined;
type RouteModule = { prepare(req: http.IncomingMessage, res: http.ServerResponse, opts: { srcPage: string; multiZoneDraftMode: boolean }): Promise<Prepared> };

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A build directory with just the manifests `prepare()` reads; its routes manifest carries `rewrites`. */
function buildDir(rewrites: Rewrites): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-rewrites-'));
  dirs.push(dir);
  const preview = { previewModeId: 'id', previewModeSigningKey: 'sign', previewModeEncryptionKey: 'encrypt' };
  const files: Record<string, unknown> = {
    'routes-manifest.json': { version: 3, basePath: '', caseSensitive: false, rewrites, redirects: [], headers: [] },
    'prerender-manifest.json': { version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [], preview },
    'server/preview-props.json': preview,
    'build-manifest.json': { pages: {}, rootMainFiles: [], polyfillFiles: [], lowPriorityFiles: [] },
    'server/next-font-manifest.json': { app: {}, pages: {} },
    'required-server-files.json': { version: 1, config: { experimental: {}, cacheMaxMemorySize: 0 } },
  };
  fs.mkdirSync(path.join(dir, '.next/server'), { recursive: true });
  for (const [file, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, '.next', file), JSON.stringify(body));
  fs.writeFileSync(path.join(dir, '.next/BUILD_ID'), 'test');
  return dir;
}

type Runtime = 'route' | 'page';
/** The file name the route's module has in a build: `route` for route handlers, `page` for pages. */
const srcPage = (runtime: Runtime, page: string) => `${page}/${runtime}`;

/** The production runtime's module for `page` (e.g. `/api/health`), a route handler or a page, built in `dir`. */
function routeModule(runtime: Runtime, dir: string, page: string): RouteModule {
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
  const require = createRequire(import.meta.url);
  const common = { distDir: '.next', relativeProjectDir: path.relative(process.cwd(), dir) };
  const definition = { page: srcPage(runtime, page), pathname: page, bundlePath: '', filename: '' };
  if (runtime === 'page') {
    const { AppPageRouteModule } = require('next/dist/compiled/next-server/app-page-turbo.runtime.prod.js');
    return new AppPageRouteModule({ ...common, userland: { loaderTree: ['', {}, {}] }, definition: { ...definition, kind: 'APP_PAGE', appPaths: [] } });
  }
  const { AppRouteRouteModule } = require('next/dist/compiled/next-server/app-route-turbo.runtime.prod.js');
  return new AppRouteRouteModule({ ...common, userland: { GET: () => new Response('ok') }, definition: { ...definition, kind: 'APP_ROUTE' } });
}

/** Runs `prepare()` for a GET of `url`; returns what it prepared and the sources of the RegExps it built meanwhile. */
async function prepare(runtime: Runtime, module: RouteModule, page: string, url: string): Promise<{ prepared: Prepared; regExpsBuilt: number; sources: string[] }> {
  const req = new http.IncomingMessage(null as never);
  Object.assign(req, { url, method: 'GET', headers: { host: 'shop.test' } });
  const res = new http.ServerResponse(req);
  const Original = globalThis.RegExp;
  const sources: string[] = [];
  const built = (args: unknown[]) => sources.push(String(args[0] instanceof Original ? args[0].source : args[0]));
  globalThis.RegExp = new Proxy(Original, {
    construct: (target, args) => (built(args), Reflect.construct(target, args)),
    apply: (target, self, args) => (built(args), Reflect.apply(target, self, args)),
  });
  try {
    const prepared = await module.prepare(req, res, { srcPage: srcPage(runtime, page), multiZoneDraftMode: false });
    return { prepared, regExpsBuilt: sources.length, sources };
  } finally {
    globalThis.RegExp = Original;
  }
}

const shopRewrites = async () => (await nextConfig.rewrites!()) as unknown as Rewrites;
const none: Rewrites = { beforeFiles: [], afterFiles: [], fallback: [] };

// Route handlers (/api/health) and pages (the cached pages) run in two runtimes, each patched.
describe.each<[Runtime, string]>([
  ['route', '/api/health'],
  ['page', '/cached/faq'],
])('page-cache rewrites in the %s runtime', (runtime, page) => {
  test(`after its first request, ${page} builds no more RegExps with the shop’s rewrites than with none`, async () => {
    const rewrites = await shopRewrites();
    expect(rewrites.beforeFiles.length).toBeGreaterThanOrEqual(5);
    const shop = routeModule(runtime, buildDir(rewrites), page);
    const bare = routeModule(runtime, buildDir(none), page);
    await prepare(runtime, shop, page, page); // the first request may compile them
    await prepare(runtime, bare, page, page);
    for (let i = 0; i < 3; i++) {
      const withRewrites = await prepare(runtime, shop, page, page);
      const without = await prepare(runtime, bare, page, page);
      expect(withRewrites.prepared).toBeTruthy();
      // Unpatched: one more per rewrite, on every request.
      expect(withRewrites.regExpsBuilt).toBe(without.regExpsBuilt);
    }
  });

  test('the rewrites still map each request to its own page: a one-word search to its cached page with that word, other searches nowhere', async () => {
    const search = '/cached/products/search/[word]';
    const searchPage = routeModule(runtime, buildDir(await shopRewrites()), search);
    const word = async (url: string) => (await prepare(runtime, searchPage, search, url)).prepared?.params?.word;
    // The same compiled rule, asked again, gives each request its own word.
    expect(await word('/products?q=sofa')).toBe('sofa');
    expect(await word('/products?q=lamp')).toBe('lamp');
    expect(await word('/products?search=desk')).toBe('desk');
    expect(await word('/products?q=sofa&sort=price_desc')).toBeUndefined();
    expect(await word('/products?q=two%20words')).toBeUndefined();
    expect(await word('/products?q=bed')).toBe('bed');
  });
});

// A dynamic route's own pattern, in each runtime: a route handler with an id, a product page.
describe.each<[Runtime, string, string, string]>([
  ['route', '/api/orders/[id]/invoice', '/api/orders/41/invoice', '41'],
  ['page', '/products/[id]', '/products/14', '14'],
])('the own pattern of a dynamic route in the %s runtime', (runtime, page, url, id) => {
  test(`${page} is compiled on its first request only`, async () => {
    const ownPattern = (sources: string[]) => sources.filter((source) => source.startsWith(`^${page.split('[')[0]}`));
    const dynamic = routeModule(runtime, buildDir(none), page);
    const first = await prepare(runtime, dynamic, page, url);
    expect(ownPattern(first.sources)).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      const next = await prepare(runtime, dynamic, page, url);
      expect(next.prepared?.params).toEqual({ id });
      // Unpatched: compiled again (path segments parsed, the pattern's RegExp built), on every request.
      expect(ownPattern(next.sources)).toEqual([]);
    }
  });
});

test('each request to a dynamic page gets its own params from the pattern compiled once', async () => {
  const productPage = routeModule('page', buildDir(none), '/products/[id]');
  const id = async (url: string) => (await prepare('page', productPage, '/products/[id]', url)).prepared?.params?.id;
  expect(await id('/products/14')).toBe('14');
  expect(await id('/products/15')).toBe('15');
  expect(await id('/products/caf%C3%A9')).toBe('café');

  const listing = '/cached/products/[[...key]]';
  const listingPage = routeModule('page', buildDir(none), listing);
  const key = async (url: string) => (await prepare('page', listingPage, listing, url)).prepared?.params?.key;
  expect(await key('/cached/products/category/3')).toEqual(['category', '3']);
  expect(await key('/cached/products/search/sofa')).toEqual(['search', 'sofa']);
});

// The readable server-utils.js is what a deployment in minimal mode (the serverless host) runs.
test('server-utils keeps one pattern per route, and gives every request its own default matches', () => {
  const options = { page: '/products/[id]', pageIsDynamic: true, rewrites: none, basePath: '', trailingSlash: false, caseSensitive: false } as Parameters<typeof getServerUtils>[0];
  const first = getServerUtils(options);
  const second = getServerUtils(options);
  expect(second.defaultRouteRegex).toBe(first.defaultRouteRegex);
  expect(first.dynamicRouteMatcher?.('/products/14')).toEqual({ id: '14' });
  expect(second.dynamicRouteMatcher?.('/products/15')).toEqual({ id: '15' });
  // A request that changes its matches (base-server hands them on as params) cannot change the next one's.
  (first.defaultRouteMatches as Record<string, string>).id = 'changed';
  expect(getServerUtils(options).defaultRouteMatches).toEqual({ id: '[id]' });
  expect(getServerUtils({ ...options, page: '/users/[userId]' }).dynamicRouteMatcher?.('/users/7')).toEqual({ userId: '7' });
});
