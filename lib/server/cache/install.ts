/**
 * Installs the shop's cache handler (cache-handler.mjs) once per server process, in the slot where
 * Next.js looks for a platform's handler when next.config has no `cacheHandler`:
 * `globalThis[Symbol.for('@next/cache-handlers')].FetchCache` (read by every IncrementalCache
 * Next.js creates; Next's own tests install handlers there from instrumentation.ts the same way).
 *
 * Why not next.config's `cacheHandler`: Next.js 16 then `import()`s the handler's module again on
 * every request, once in its router and once in the route module (URL building, ESM resolution, a
 * module-map lookup, and the promises around them), for route handlers too: `/api/health` took
 * 4,078 k instructions that way and 3,264 k this way, against a bare route handler's 2,593 k
 * (issue 18, bench/README.md).
 *
 * Called first by instrumentation.ts `register()`, which Next.js awaits before the first request.
 * `next build` does not call it (it never opens the database): its prerendering uses Next's file
 * cache, which the running server never reads.
 */
// @ts-expect-error plain JS module (JSDoc types only)
import ShopCacheHandler from './cache-handler.mjs';

const HANDLERS = Symbol.for('@next/cache-handlers');

/** Puts the shop's handler in Next.js's slot, keeping whatever else a platform put there. */
export function installCacheHandler(): void {
  const g = globalThis as Record<symbol, Record<string, unknown> | undefined>;
  g[HANDLERS] = { ...g[HANDLERS], FetchCache: ShopCacheHandler };
}
