/**
 * Every environment variable the shop reads, validated once with zod.
 * A wrong value stops start-up with a message naming the variable; unset optional ones switch the
 * shop to its embedded defaults (docs/architecture.md "Real parts, and how they start").
 */
import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** PostgreSQL URL; unset → embedded PGlite under PGLITE_DIR. */
  DATABASE_URL: optional.pipe(z.string().url().optional()),
  /** PGlite data directory (default .data/pglite); 'memory://' keeps it in memory (tests). */
  PGLITE_DIR: optional,
  /** Signs sessions and API tokens. Required in production; a development secret is derived otherwise. */
  AUTH_SECRET: optional.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  /** Public base URL of the shop, for canonical URLs, the sitemap and OpenGraph. */
  SITE_URL: optional.pipe(z.string().url().optional()),
  /**
   * next-auth's base URL. Unset → redirects after sign-in and sign-out land on the origin of each
   * request; set → on this address (lib/auth/redirect.ts authRedirect).
   */
  NEXTAUTH_URL: optional.pipe(z.string().url('NEXTAUTH_URL must be a full URL, e.g. https://shop.example').optional()),
  /**
   * Proxies in front of the shop whose X-Forwarded-For is believed (lib/server/client-address.ts):
   * unset, "false" or 0 → none, the connection's own address counts; "true" → 1; n → n hops.
   */
  TRUST_PROXY: optional
    .pipe(z.string().regex(/^(true|false|\d{1,2})$/i, 'TRUST_PROXY must be true, false or a number of proxy hops such as 1').optional())
    .transform((v) => (v === undefined || /^false$/i.test(v) ? 0 : /^true$/i.test(v) ? 1 : Number(v))),
  STRIPE_SECRET_KEY: optional,
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Stripe API host override (local stand-in in tests), e.g. http://127.0.0.1:12111 */
  STRIPE_API_BASE: optional.pipe(z.string().url().optional()),
  PAYPAL_CLIENT_ID: optional,
  PAYPAL_CLIENT_SECRET: optional,
  /** PayPal API base, default the sandbox; a local stand-in in tests. */
  PAYPAL_API_BASE: optional.pipe(z.string().url().optional()),
  /** The id PayPal gave the shop's webhook (its developer dashboard); unset → POST /api/webhooks/paypal answers 502. */
  PAYPAL_WEBHOOK_ID: optional,
  /** Allows the demo card gateway when NODE_ENV=production and no Stripe keys are set. */
  DEMO_PAYMENTS: optional,
  UPLOADTHING_TOKEN: optional,
  /** Where local-disk images are stored (default .data/uploads). */
  UPLOAD_DIR: optional,
  /** smtp(s)://user:pass@host:port — e-mail leaves through it; unset → messages stay in the outbox (/admin/outbox). */
  SMTP_URL: optional.pipe(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional()),
  /** The From address of the shop's e-mail; default the support address from the settings. */
  MAIL_FROM: optional,
  /** Bearer secret the scheduler sends to /api/cron/* (Authorization: Bearer …); unset → those routes answer 401. */
  CRON_SECRET: optional.pipe(z.string().min(16, 'CRON_SECRET must be at least 16 characters').optional()),
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

const KEYS = Object.keys(schema.shape);
let parsed: { fingerprint: string; env: Env } | undefined;

/**
 * A running server's environment never changes once it has started: nothing in the shop writes to
 * process.env. Only the test runner sets variables between cases (Vitest sets VITEST, and NODE_ENV
 * to "test"), so only there is the environment compared with what was parsed.
 */
const FIXED_AFTER_START = process.env.NODE_ENV === 'production' && !process.env.VITEST;

/**
 * Validated environment. Read on every API request (the request id, the CSRF origin). Parsed once
 * in a running server; under the test runner, parsed again whenever one of its variables changed.
 * A running server pays neither the zod parse nor reading the variables from process.env to
 * compare them on each request.
 * @throws Error naming each invalid variable
 */
export function env(): Env {
  if (parsed && FIXED_AFTER_START) return parsed.env;
  const fingerprint = KEYS.map((key) => process.env[key] ?? '\u0001').join('\u0000');
  if (parsed?.fingerprint !== fingerprint) parsed = { fingerprint, env: load() };
  return parsed.env;
}

export const siteUrl = () => (env().SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
