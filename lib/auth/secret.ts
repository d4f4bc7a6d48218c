/**
 * The secret that signs sessions and API tokens.
 *
 * AUTH_SECRET when set. Without it, and only on the embedded database (a development or demo
 * shop), a random secret is generated once into .data/auth-secret with a warning, so that a
 * newcomer's first start needs no configuration. A production database without AUTH_SECRET is a
 * configuration error.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/server/env';

let cached: string | undefined;

export function authSecret(): string {
  if (cached) return cached;
  const e = env();
  if (e.AUTH_SECRET) return (cached = e.AUTH_SECRET);
  if (e.DATABASE_URL && e.NODE_ENV === 'production') {
    throw new Error('AUTH_SECRET is required when the shop runs on a production database (DATABASE_URL).');
  }
  const file = path.join(process.cwd(), '.data', 'auth-secret');
  try {
    cached = fs.readFileSync(file, 'utf8').trim();
  } catch {
    cached = crypto.randomBytes(32).toString('base64url');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, cached, { mode: 0o600 });
    console.warn(`[auth] AUTH_SECRET is not set: generated a development secret in ${file}. Set AUTH_SECRET in production.`);
  }
  return cached;
}
