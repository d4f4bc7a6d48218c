/**
 * Uncached catalogue reads are bounded. A cost cap lets READS_AT_ONCE run, up to
 * QUEUE_LIMIT wait; the next is refused at once with 503 `{ code: 'busy' }` and Retry-After (never
 * a 500), and a statement past the statement timeout is the same 503 on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { GET as searchRoute } from '@/app/api/products/search/route';
import { GET as listRoute } from '@/app/api/products/route';
import { BUSY_MESSAGE, BusyError, QUEUE_LIMIT, READS_AT_ONCE, STATEMENT_TIMEOUT_MS, boundedRead } from '@/lib/catalog/read/read-guard';
import { db, sessionDatabase, type Executor } from '@/db/client';
import { call } from '../support/http';
import { importRealCatalogue } from '../support/catalog';

// In the shop the synonym sets come from Next's cache; the tests stub that cache, and on PGlite's
// one connection their read would queue behind the reads this file holds open.
vi.mock('@/lib/catalog/search/synonyms', async (original) => ({ ...(await original<object>()), loadSynonyms: async () => [] }));

beforeAll(async () => {
  await importRealCatalogue();
});

/** Holds `n` bounded reads open (each waiting on `release`) and returns what releases them. */
function holdReads(n: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: n }, () => boundedRead(() => gate).catch((e: unknown) => e));
  return async () => {
    release();
    return Promise.all(held);
  };
}

let releaseHeld: (() => Promise<unknown[]>) | null = null;
afterEach(async () => {
  await releaseHeld?.();
  releaseHeld = null;
});

describe('the cost cap', () => {
  test('reads past the running and waiting limits are refused at once with 503 and Retry-After; the waiting ones then run', async () => {
    releaseHeld = holdReads(READS_AT_ONCE + QUEUE_LIMIT);
    // A search nobody asked before would need a read: refused, not queued, not a 500.
    const res = await call(searchRoute, { url: '/api/products/search?query=ektorp%20cover%20unasked' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: BUSY_MESSAGE, code: 'busy' });
    expect(Number(res.res.headers.get('retry-after'))).toBeGreaterThan(0);
    const filtered = await call(listRoute, { url: '/api/products?width_max=77&category=2' });
    expect(filtered.status).toBe(503);

    // Once the held reads finish, every queued one has run (none was refused) and new ones pass.
    const outcomes = await releaseHeld();
    releaseHeld = null;
    expect(outcomes.filter((o) => o instanceof BusyError)).toHaveLength(0);
    const again = await call(searchRoute, { url: '/api/products/search?query=ektorp%20cover%20unasked' });
    expect(again.status).toBe(200);
    expect(again.body.total).toBeGreaterThan(0);
  });

  test('a read that waits in the queue runs when a turn frees', async () => {
    releaseHeld = holdReads(READS_AT_ONCE);
    const waiting = call(searchRoute, { url: '/api/products/search?query=billy%20waiting' });
    const release = releaseHeld;
    releaseHeld = null;
    await release();
    expect((await waiting).status).toBe(200);
  });
});

/** The settings of READ_SETTINGS as the executor's session sees them. */
async function settingsOf(executor: Executor) {
  const result = (await executor.execute(
    sql`SELECT current_setting('statement_timeout') AS timeout, current_setting('enable_seqscan') AS seqscan, current_setting('max_parallel_workers_per_gather') AS workers`,
  )) as unknown as { rows: { timeout: string; seqscan: string; workers: string }[] };
  return result.rows[0];
}

describe('the settings of a bounded read', () => {
  test('a bounded read runs with the statement timeout and without sequential scans or parallel workers; other queries keep the defaults', async () => {
    const inside = await boundedRead((tx) => settingsOf(tx));
    expect(inside).toEqual({ timeout: `${STATEMENT_TIMEOUT_MS / 1000}s`, seqscan: 'off', workers: '0' });
    // Before and after it, the shop's other queries (orders, the back office) run unbounded.
    const outside = await settingsOf(db);
    expect(outside.timeout).toBe('0');
    expect(outside.seqscan).toBe('on');
  });

  test('on a serverless host, whose pooler shares sessions, a bounded read sets them for its own transaction only', async () => {
    vi.stubEnv('VERCEL', '1');
    try {
      expect(sessionDatabase('a pool of a test', { statement_timeout: '1000' }, 1)).toBeNull();
      expect(await boundedRead((tx) => settingsOf(tx))).toEqual({ timeout: `${STATEMENT_TIMEOUT_MS / 1000}s`, seqscan: 'off', workers: '0' });
      expect((await settingsOf(db)).timeout).toBe('0');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  test('session settings that are not plain names and values are refused', () => {
    expect(() => sessionDatabase('a pool of a test', { statement_timeout: '1000 -c work_mem=1GB' }, 1)).toThrow(/not plain/);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the statement timeout (PostgreSQL)', () => {
  test('a statement running past the timeout is a BusyError, and the next read works', async () => {
    const slow = boundedRead((tx) => tx.execute(sql`SELECT pg_sleep(${(STATEMENT_TIMEOUT_MS + 1000) / 1000})`));
    await expect(slow).rejects.toBeInstanceOf(BusyError);
    const ok = await boundedRead((tx) => tx.execute(sql`SELECT current_setting('statement_timeout') AS t`));
    expect((ok as unknown as { rows: { t: string }[] }).rows[0].t).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`);
  });
});
