/**
 * Who may call /api/cron/*: the scheduler, which sends `Authorization: Bearer <CRON_SECRET>` (the
 * header Vercel Cron sends when the project has a CRON_SECRET; docs/orders.md). Not a user
 * session, so these routes are 'public' in the route table and check the secret themselves.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/server/env';

export const CRON_UNAUTHORIZED = 'This endpoint is for the shop’s scheduler: send Authorization: Bearer with the CRON_SECRET.';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * Whether the request carries the cron secret. Compared in constant time (both sides hashed to
 * the same length first, so neither the secret's length nor its prefix leaks through timing).
 * False whenever CRON_SECRET is unset: the jobs then run only where someone configured them.
 */
export function isCronRequest(headers: Headers): boolean {
  const secret = env().CRON_SECRET;
  if (!secret) return false;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(headers.get('authorization') ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1]), digest(secret));
}
