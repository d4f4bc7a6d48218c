/**
 * The security headers every response carries (docs/accounts-and-security.md), given to Next.js as
 * next.config.ts `headers()` rules (securityHeaderRules), so every deployment — `next start`, the
 * container, a serverless host — sends the same set from the framework's own configuration.
 *
 * Content-Security-Policy. Scripts: 'self' plus 'unsafe-inline', not nonces. Next.js hydrates App
 * Router pages with inline <script> tags; a nonce would have to be minted per request in proxy.ts and
 * would force every page to render dynamically, turning off static rendering and the catalogue's
 * cached pages (node_modules/next/dist/docs/01-app/02-guides/content-security-policy.md). The shop
 * renders no user-supplied HTML (React escapes text), so the policy's work here is to pin where
 * scripts, frames and connections may come from: only this origin, Stripe and PayPal. Development
 * also needs 'unsafe-eval' (React's dev tooling) and websockets (hot reload).
 *
 * Stripe (js.stripe.com, its frames and api.stripe.com) and PayPal (*.paypal.com,
 * *.paypalobjects.com) load their scripts, iframes and styles; images may come from this origin,
 * data:, blob: and any https host (uploadthing serves from utfs.io and *.ufs.sh).
 *
 * The API's answers (/api/…: JSON, images, downloads) are never pages, so they carry the set the
 * OWASP REST Security Cheat Sheet gives for APIs: nosniff, X-Frame-Options DENY and a policy that
 * allows nothing, `default-src 'none'; frame-ancestors 'none'` (an answer opened as a document can
 * load nothing and be framed nowhere), with the same referrer policy and HSTS. Not the pages'
 * policy, Permissions-Policy or opener policy: they govern what a page may load and do.
 */

export type HeaderList = readonly (readonly [string, string])[];

function contentSecurityPolicy({ https, development }: { https: boolean; development: boolean }): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-inline'", ...(development ? ["'unsafe-eval'"] : []), 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...(development ? ['ws:', 'wss:'] : []),
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

/** The policy of an API answer: it may load nothing and be framed nowhere. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** What every answer carries, page or API. */
function common(): HeaderList {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // Legacy twin of frame-ancestors 'none' for old browsers.
    ['X-Frame-Options', 'DENY'],
  ];
}

const hsts = (on: boolean): HeaderList => (on ? [['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']] : []);

/** The headers of an API answer (the module comment). */
function buildApi({ https, production }: { https: boolean; production: boolean }): HeaderList {
  return [...common(), ['Content-Security-Policy', API_CONTENT_SECURITY_POLICY], ...hsts(production && https)];
}

function build({ https, production, development }: { https: boolean; production: boolean; development: boolean }): HeaderList {
  return [
    ...common(),
    // PayPal's checkout opens a popup and talks to it: same-origin-allow-popups keeps that working.
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), browsing-topics=(), payment=(self "https://js.stripe.com" "https://www.paypal.com")'],
    ['Content-Security-Policy', contentSecurityPolicy({ https: production && https, development })],
    // Over https (as told by the TLS-terminating proxy), in production only.
    ...hsts(production && https),
  ];
}

/** One next.config.ts `headers()` rule (Next.js's own shape). */
export type HeaderRule = {
  source: string;
  has?: { type: 'header'; key: string; value: string }[];
  missing?: { type: 'header'; key: string; value: string }[];
  headers: { key: string; value: string }[];
};

/** Every path but the API's. */
const PAGES_SOURCE = '/((?!api/).*)';
const API_SOURCE = '/api/:path*';
const OVER_HTTPS = [{ type: 'header' as const, key: 'x-forwarded-proto', value: 'https' }];

/**
 * The security headers as next.config.ts `headers()` rules: the pages' set and the API's, each
 * once for plain http and once for a request the TLS-terminating proxy marked
 * `X-Forwarded-Proto: https` (which adds HSTS and upgrade-insecure-requests in production). The two
 * variants of a set never match the same request, so no rule depends on another's order.
 * NODE_ENV is read when Next.js loads its configuration (`next build` and `next start`: production;
 * `next dev`: development).
 */
export function securityHeaderRules(): HeaderRule[] {
  const production = process.env.NODE_ENV === 'production';
  const development = process.env.NODE_ENV === 'development';
  const entries = (list: HeaderList) => list.map(([key, value]) => ({ key, value }));
  return [
    { source: PAGES_SOURCE, missing: OVER_HTTPS, headers: entries(build({ https: false, production, development })) },
    { source: PAGES_SOURCE, has: OVER_HTTPS, headers: entries(build({ https: true, production, development })) },
    { source: API_SOURCE, missing: OVER_HTTPS, headers: entries(buildApi({ https: false, production })) },
    { source: API_SOURCE, has: OVER_HTTPS, headers: entries(buildApi({ https: true, production })) },
  ];
}
