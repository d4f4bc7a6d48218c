import type { NextConfig } from 'next';
import { cachedPageRewrites } from './lib/storefront/cached-page-paths';

const nextConfig: NextConfig = {
  // Cached reads and ISR pages: @fortedigital/nextjs-cache-handler (lib/server/cache/cache-handler.mjs),
  // installed once per process by instrumentation.ts (lib/server/cache/install.ts), not named here
  // as `cacheHandler`: Next.js would import that module again on every request (issue 18). Shared by
  // every instance on Redis when REDIS_URL is set, else in this process's memory (cacheMaxMemorySize,
  // default 50 MB). Never in .next/, where a cache outlived the database it came from.
  // PGlite loads its WebAssembly and data files from its package at run time; argon2 and sharp are native.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'sharp', 'pg', '@react-pdf/renderer'],
  poweredByHeader: false,
  // No ETag on pages: Next.js hashes the whole HTML of every cached page on every request to make
  // one (FNV-1a over ~80 kB: 0.2 ms, a tenth of a cached page's cost; issue 18, bench/README.md).
  // The pages carry s-maxage for shared caches; a browser's reload fetches the page again.
  generateEtags: false,
  // NEXT_OUTPUT=standalone (the Dockerfile and the bench set it): a self-contained server in
  // .next/standalone (server.js with only the traced node_modules), as the container runs it.
  // Not by default: `next start` (npm run shop, the e2e journeys) warns that it "does not work"
  // with standalone output, although it serves the same build.
  ...(process.env.NEXT_OUTPUT === 'standalone' ? { output: 'standalone' as const } : {}),
  images: { unoptimized: false },
  // Shopper pages from the page cache: the public address serves its ISR twin under /cached/…
  // (lib/storefront/cached-pages.ts); /products with a query is rewritten by proxy.ts.
  async rewrites() {
    return { beforeFiles: cachedPageRewrites(), afterFiles: [], fallback: [] };
  },
  // Security headers: set by the request hooks (lib/server/security-headers.ts), not by headers()
  // rules, which Next.js evaluates and compiles on every request (issue 18).
};

export default nextConfig;
