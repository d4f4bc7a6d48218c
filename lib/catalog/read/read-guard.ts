/**
 * Bounds on the catalogue's expensive work: a listing, search or facet count that no
 * cache answered runs here, so that many new queries at once — a crawler, a burst of long-tail
 * searches — cannot take the database, and with it the cached pages, away from everyone else.
 *
 * - A cost cap: at most READS_AT_ONCE such reads run at a time in this process (the machine's
 *   PostgreSQL cores are what they share); the others wait their turn, in arrival order. When
 *   QUEUE_LIMIT are already waiting, or a read has waited WAIT_LIMIT_MS, it is refused with
 *   BusyError (503 with Retry-After through route()).
 * - A statement timeout: each read runs with `statement_timeout` and the planner settings of
 *   READ_SETTINGS. On a server with PostgreSQL, on connections of its own whose sessions start
 *   with them (sessionDatabase in db/client.ts): one round trip per statement, no BEGIN, SET or
 *   COMMIT around it. On a serverless host, whose pooler shares sessions, in a transaction that
 *   SETs them LOCAL. A statement cancelled by the timeout is a BusyError too, never a 500. PGlite
 *   has no timer to cancel a statement with; there the cap alone bounds the work.
 * - A page: a BusyError thrown while a page renders carries the digest BUSY_DIGEST, so the
 *   storefront's error boundary shows BUSY_MESSAGE with "Try again" (docs/catalogue.md).
 *
 * CATALOGUE_READS_AT_ONCE and CATALOGUE_READ_QUEUE_LIMIT (whole numbers, read at start) override
 * the cap and the queue; only tests set them (0 and 0: every uncached read is refused at once).
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { db, sessionDatabase, type Executor } from '@/db/client';
import { AppError } from '@/lib/server/errors';
import { BUSY_DIGEST, BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS } from '@/lib/catalog/read/busy';

/** A whole number ≥ 0 from the environment, else the default. */
function wholeFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  return raw !== undefined && /^\d{1,6}$/.test(raw) ? Number(raw) : fallback;
}

/** Uncached catalogue reads running at once in this process (CATALOGUE_READS_AT_ONCE, tests only). */
export const READS_AT_ONCE = wholeFromEnv('CATALOGUE_READS_AT_ONCE', 2);
/** Reads allowed to wait for a turn; one more is refused at once (CATALOGUE_READ_QUEUE_LIMIT, tests only). */
export const QUEUE_LIMIT = wholeFromEnv('CATALOGUE_READ_QUEUE_LIMIT', 64);
/** How long a read may wait for its turn before it is refused. */
export const WAIT_LIMIT_MS = 10_000;
/** How long one statement of a read may run. */
export const STATEMENT_TIMEOUT_MS = 3_000;

export { BUSY_MESSAGE };

/**
 * The catalogue could not take this read now: 503 with `Retry-After` (seconds) through route();
 * in a page, the error boundary's busy message (its `digest` is BUSY_DIGEST).
 */
export class BusyError extends AppError {
  readonly digest = BUSY_DIGEST;
  constructor(readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS) {
    super('busy', BUSY_MESSAGE, undefined, retryAfterSeconds);
    this.name = 'BusyError';
  }
}

type Gate = { running: number; waiting: (() => void)[] };

/** One gate per process: route handlers and pages are separate bundles, so it lives on globalThis. */
function gate(): Gate {
  const g = globalThis as unknown as { __catalogueReadGate?: Gate };
  g.__catalogueReadGate ??= { running: 0, waiting: [] };
  return g.__catalogueReadGate;
}

async function enter(): Promise<void> {
  const state = gate();
  if (state.running < READS_AT_ONCE) {
    state.running++;
    return;
  }
  if (state.waiting.length >= QUEUE_LIMIT) throw new BusyError();
  await new Promise<void>((resolve, reject) => {
    const turn = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      const at = state.waiting.indexOf(turn);
      if (at !== -1) state.waiting.splice(at, 1);
      reject(new BusyError());
    }, WAIT_LIMIT_MS);
    state.waiting.push(turn);
  });
}

/** Hands the turn to the next waiting read (the running count stays), or frees it. */
function leave(): void {
  const state = gate();
  const next = state.waiting.shift();
  if (next) next();
  else state.running--;
}

/**
 * The settings of a bounded read: the statement timeout (ms); no parallel workers (one request,
 * one core); and no sequential scan where an index can answer. Every listing statement has its
 * indexes (lib/catalog/read/listing-sql.ts), but the planner prices pg_trgm's word-similarity test like
 * a plain comparison, so on a catalogue of tens of thousands it may pick a scan that runs the test
 * on every product, far slower than reading the trigram index.
 */
export const READ_SETTINGS: Readonly<Record<string, string>> = {
  statement_timeout: String(STATEMENT_TIMEOUT_MS),
  max_parallel_workers_per_gather: '0',
  enable_seqscan: 'off',
};

/** The statement that sets READ_SETTINGS for the rest of a transaction (set_config(…, true) is SET LOCAL). */
export const SET_READ_SETTINGS_LOCALLY = sql`SELECT ${sql.join(
  Object.entries(READ_SETTINGS).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
  sql`, `,
)}`;

/** The connections whose sessions start with READ_SETTINGS; null on PGlite and on a serverless host. */
const readSessions = () => sessionDatabase('catalogue reads', READ_SETTINGS, READS_AT_ONCE);

const isStatementTimeout = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err?.code ?? err?.cause?.code) === '57014';
};

/**
 * Runs `read` as a bounded catalogue read: after its turn under the cost cap, with READ_SETTINGS
 * (see above). `read`'s statements are not one transaction: each sees the data committed before it
 * starts, as within a READ COMMITTED transaction (PostgreSQL's default). Returns what `read` returns.
 * @throws BusyError (503) when the queue is full, the wait too long, or a statement timed out
 */
export async function boundedRead<T>(read: (tx: Executor) => Promise<T>): Promise<T> {
  await enter();
  try {
    const sessions = readSessions();
    if (sessions) return await read(sessions);
    return await db.transaction(async (tx) => {
      await tx.execute(SET_READ_SETTINGS_LOCALLY);
      return read(tx);
    });
  } catch (e) {
    if (isStatementTimeout(e)) throw new BusyError();
    throw e;
  } finally {
    leave();
  }
}
