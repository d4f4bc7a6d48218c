import { createRequire } from 'node:module';
import type { NextConfig } from 'next';
import { securityHeaderRules } from './lib/server/security-headers';
import { cachedPageRewrites, catalogueCacheRules } from './lib/storefront/page-cache';

const require = createRequire(import.meta.url);

const nextConfig: NextConfig = {
  // ISR pages and `unstable_cache` reads: @fortedigital/nextjs-cache-handler
  // (lib/server/cache/cache-handler.mjs). Shared by every instance on Redis when REDIS_URL is set,
  // else in this process's memory (cacheMaxMemorySize, default 50 MB). Never in .next/, where a
  // cache outlived the database it came from.
  cacheHandler: require.resolve('./lib/server/cache/cache-handler.mjs'),
  // PGlite loads its WebAssembly and data files from its package at run time; argon2 and sharp are native.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'sharp', 'pg', '@react-pdf/renderer'],
  poweredByHeader: false,
  // NEXT_OUTPUT=standalone (the Dockerfile and the bench set it): a self-contained server in
  // .next/standalone (server.js with only the traced node_modules), as the container runs it.
  // Not by default: `next start` (npm run shop, the e2e journeys) warns that it "does not work"
  // with standalone output, although it serves the same build.
  ...(process.env.NEXT_OUTPUT === 'standalone' ? { output: 'standalone' as const } : {}),
  images: { unoptimized: false },
  // The fixed shopper pages from their ISR twins under /cached/… (lib/storefront/page-cache.ts).
  async rewrites() {
    return { beforeFiles: cachedPageRewrites(), afterFiles: [], fallback: [] };
  },
  // Every answer's security headers (lib/server/security-headers.ts), and the anonymous catalogue
  // pages' Cache-Control for the front door (lib/storefront/page-cache.ts).
  async headers() {
    return [...securityHeaderRules(), ...catalogueCacheRules()];
  },
};

export default nextConfig;
