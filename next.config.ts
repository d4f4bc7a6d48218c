import path from 'node:path';
import type { NextConfig } from 'next';
import { cachedPageRewrites } from './lib/storefront/cached-page-paths';

const isDev = process.env.NODE_ENV === 'development';

/**
 * Content-Security-Policy for every response.
 *
 * Scripts: 'self' plus 'unsafe-inline', not nonces. Next.js hydrates App Router pages with inline
 * <script> tags; a nonce would have to be minted per request in proxy.ts and would force every
 * page to render dynamically, turning off static rendering and the catalogue's cached pages
 * (node_modules/next/dist/docs/01-app/02-guides/content-security-policy.md). The shop renders no
 * user-supplied HTML (React escapes text), so the policy's work here is to pin where scripts,
 * frames and connections may come from: only this origin, Stripe and PayPal.
 * Development also needs 'unsafe-eval' (React's dev tooling) and websockets (hot reload).
 *
 * Stripe (js.stripe.com, its frames and api.stripe.com) and PayPal (*.paypal.com,
 * *.paypalobjects.com) load their scripts, iframes and styles; images may come from this origin,
 * data:, blob: and any https host (uploadthing serves from utfs.io and *.ufs.sh).
 */
function contentSecurityPolicy({ https }: { https: boolean }): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-inline'", ...(isDev ? ["'unsafe-eval'"] : []), 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...(isDev ? ['ws:', 'wss:'] : []),
      'https://api.stripe.com',
      'https://*.stripe.com',
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
      'https://utfs.io',
      'https://*.ufs.sh',
      'https://*.uploadthing.com',
    ],
    'frame-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://*.stripe.com', 'https://*.paypal.com'],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'https:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", 'https://*.paypal.com'],
    'frame-ancestors': ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Headers every response carries, whatever the protocol. */
const commonHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // Legacy twin of frame-ancestors 'none' for old browsers.
  { key: 'X-Frame-Options', value: 'DENY' },
  // PayPal's checkout opens a popup and talks to it: same-origin-allow-popups keeps that working.
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), usb=(), browsing-topics=(), payment=(self "https://js.stripe.com" "https://www.paypal.com")',
  },
];

/** Over https (as told by the TLS-terminating proxy), in production only: HSTS and upgrade-insecure-requests. */
const httpsOnly = [{ type: 'header' as const, key: 'x-forwarded-proto', value: 'https' }];

const nextConfig: NextConfig = {
  // Cached reads and ISR pages live in this process's memory only, never in .next/: a cache on disk
  // outlived the database it came from (a fresh .data/ or e2e database showed the old catalogue).
  // See lib/server/cache/memory-cache-handler.mjs. Its size is cacheMaxMemorySize (default 50 MB).
  cacheHandler: path.resolve('lib/server/cache/memory-cache-handler.mjs'),
  // PGlite loads its WebAssembly and data files from its package at run time; argon2 and sharp are native.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'sharp', 'pg', '@react-pdf/renderer'],
  poweredByHeader: false,
  images: { unoptimized: false },
  // Shopper pages from the page cache: the public address serves its ISR twin under /cached/…
  // (lib/storefront/cached-pages.ts); /products with a query is rewritten by proxy.ts.
  async rewrites() {
    return { beforeFiles: cachedPageRewrites(), afterFiles: [], fallback: [] };
  },
  async headers() {
    const production = process.env.NODE_ENV === 'production';
    return [
      {
        source: '/:path*',
        ...(production && { missing: httpsOnly }),
        headers: [...commonHeaders, { key: 'Content-Security-Policy', value: contentSecurityPolicy({ https: false }) }],
      },
      ...(production
        ? [
            {
              source: '/:path*',
              has: httpsOnly,
              headers: [
                ...commonHeaders,
                { key: 'Content-Security-Policy', value: contentSecurityPolicy({ https: true }) },
                { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
              ],
            },
          ]
        : []),
    ];
  },
};

export default nextConfig;
