/**
 * Fixed-window counters in PostgreSQL (the `rate_limits` table), so every app instance shares them
 * (docs/architecture.md "Scale": no shop state in a process's memory).
 *
 * Each key holds a count and the moment its window ends. One atomic upsert increments the count,
 * or starts a fresh window when the old one has ended, and returns the result: concurrent callers
 * each see a distinct count, so at most `limit` of them are ever let through per window.
 */
import { eq, sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { rateLimits } from '@/db/schema';

export type RateLimitResult = {
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** When the current window ends. */
  resetAt: Date;
  /** True when this attempt is past the limit. */
  limited: boolean;
};

type Row = { count: number | string; reset_at: Date | string };

function rowsOf(result: unknown): Row[] {
  // node-postgres returns { rows }, PGlite returns { rows } too; both drivers are covered.
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

/**
 * Counts one attempt against `key` in a window of `windowMs` milliseconds.
 * @returns the count in the window (this attempt included), when it resets, and whether the
 *   count is now above `limit`.
 */
export async function hit(key: string, limit: number, windowMs: number, executor: Executor = db): Promise<RateLimitResult> {
  const seconds = Math.max(1, Math.ceil(windowMs / 1000));
  const result = await executor.execute(sql`
    insert into rate_limits as r (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, reset_at`);
  const [row] = rowsOf(result);
  const count = Number(row.count);
  return { count, resetAt: new Date(row.reset_at), limited: count > limit };
}

/** Takes back one counted attempt (e.g. an attempt that turned out to succeed). Never below zero. */
export async function release(key: string, executor: Executor = db): Promise<void> {
  await executor.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
}

/** Forgets a key entirely (e.g. a successful login clears its identifier's failures). */
export async function reset(key: string, executor: Executor = db): Promise<void> {
  await executor.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes windows that ended more than a day ago; safe to call from any maintenance job. */
export async function pruneExpired(executor: Executor = db): Promise<void> {
  await executor.execute(sql`delete from rate_limits where reset_at < now() - interval '1 day'`);
}
