/**
 * Counting what shoppers search for (docs/search.md "What shoppers searched for"): the events the
 * shopper's browser sends (POST /api/search/events) are added up in this process's memory, by
 * day and normalised query, and written in batches — one upsert statement per flush — to
 * `search_daily_stats`. The search itself writes nothing: the results page may come from the front
 * door's cache, so the browser reports what it showed.
 *
 * A flush runs FLUSH_INTERVAL_MS after the first event of a batch (a timer), after an events
 * request once the batch is due (Next.js after(), which keeps a serverless function alive until it
 * ends), and whenever a reader calls flushSearchEvents(). Nothing of the shopper is kept: no user,
 * no address, no cookie; the address is only counted in memory against EVENTS_PER_MINUTE.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { after } from 'next/server';
import { db, type Executor } from '@/db/client';
import { AppError } from '@/lib/server/errors';
import type { SearchEvent } from './analytics-schema';
import { foldLetters } from './search';

/** The calendar the days are counted in: the shop is in New Zealand. */
export const SEARCH_STATS_TIME_ZONE = 'Pacific/Auckland';
/** How long an event may wait in memory before its batch is written. */
export const FLUSH_INTERVAL_MS = 5_000;
/** Distinct (day, query) pairs that start a flush at once, without waiting for the interval. */
export const FLUSH_AT_PAIRS = 1_000;
/** Distinct (day, query) pairs held at most (a flush that keeps failing); events of new pairs past it are dropped. */
export const MAX_PENDING_QUERIES = 5_000;
/** Events one client address may send per minute (fixed window, this process). */
export const EVENTS_PER_MINUTE = 60;
export const TOO_MANY_SEARCH_EVENTS = 'Too many search events. Please slow down.';

/**
 * The form a query is counted under: trimmed, lower case, runs of white space as one space,
 * Swedish letters folded to ASCII as the search folds them (foldLetters), so "Poäng ", "POANG" and
 * "poang" are one line of the report.
 */
export const normaliseSearch = (query: string) => foldLetters(query.trim().replace(/\s+/g, ' ').toLowerCase());

/** The typed form kept for display: as typed, trimmed, single spaces. */
const typedForm = (query: string) => query.trim().replace(/\s+/g, ' ');

/** The New Zealand calendar date (YYYY-MM-DD) of a moment. */
export const searchDay = (at: Date) => format(at, 'yyyy-MM-dd', { in: tz(SEARCH_STATS_TIME_ZONE) });

type Pending = {
  day: string;
  normalised: string;
  /** Typed form → how many events carried it in this batch. */
  forms: Map<string, number>;
  searches: number;
  clicks: number;
  zeroResultSearches: number;
  /** The result count of the batch's latest search; null when the batch has only clicks. */
  lastResults: number | null;
};

type State = {
  pending: Map<string, Pending>;
  /** When the oldest pending event arrived (ms), or null when nothing is pending. */
  since: number | null;
  timer: ReturnType<typeof setTimeout> | null;
  /** Flushes run one after another, so two never write the same pairs at once. */
  chain: Promise<unknown>;
  limits: { windowStart: number; counts: Map<string, number> };
};

// On globalThis: Next.js may load this module once per route bundle, and the admin page's flush
// must see the events the API route gathered in the same process.
const KEY = Symbol.for('totara.searchAnalytics');
const state: State = ((globalThis as Record<symbol, State | undefined>)[KEY] ??= {
  pending: new Map(),
  since: null,
  timer: null,
  chain: Promise.resolve(),
  limits: { windowStart: 0, counts: new Map() },
});

/**
 * Counts one event from a client address against EVENTS_PER_MINUTE. The address lives only in
 * this process's memory, for the current minute; on several instances each counts its own.
 * @throws AppError rate_limited (429, TOO_MANY_SEARCH_EVENTS) past the limit
 */
function checkRate(address: string, now: number): void {
  const limits = state.limits;
  if (now - limits.windowStart >= 60_000) {
    limits.windowStart = now;
    limits.counts = new Map();
  }
  const count = (limits.counts.get(address) ?? 0) + 1;
  limits.counts.set(address, count);
  if (count > EVENTS_PER_MINUTE) throw new AppError('rate_limited', TOO_MANY_SEARCH_EVENTS, undefined, Math.ceil((limits.windowStart + 60_000 - now) / 1000));
}

/**
 * Adds one event to the batch in memory (no database write) and makes sure a flush will follow.
 * @param event a validated event (lib/catalog/search/analytics-schema.ts)
 * @param options.address the client address, for the per-minute limit only (never stored)
 * @param options.now the moment of the event (its New Zealand day is the one counted)
 * @throws AppError rate_limited (429) past EVENTS_PER_MINUTE from one address
 */
export function recordSearchEvent(event: SearchEvent, options: { address?: string; now?: Date } = {}): void {
  const now = options.now ?? new Date();
  if (options.address) checkRate(options.address, now.getTime());
  const day = searchDay(now);
  const normalised = normaliseSearch(event.query);
  const key = `${day} ${normalised}`;
  let entry = state.pending.get(key);
  if (!entry) {
    // Memory stays bounded however many distinct queries arrive before a flush.
    if (state.pending.size >= MAX_PENDING_QUERIES) return;
    entry = { day, normalised, forms: new Map(), searches: 0, clicks: 0, zeroResultSearches: 0, lastResults: null };
    state.pending.set(key, entry);
  }
  const form = typedForm(event.query);
  entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
  if (event.kind === 'search') {
    entry.searches += 1;
    if (event.results === 0) entry.zeroResultSearches += 1;
    entry.lastResults = event.results;
  } else {
    entry.clicks += 1;
  }
  state.since ??= now.getTime();
  if (state.pending.size === FLUSH_AT_PAIRS) void flushSearchEvents();
  else scheduleFlush();
}

/** Arms the flush timer unless it is armed already. */
function scheduleFlush(): void {
  if (state.timer) return;
  state.timer = setTimeout(() => void flushSearchEvents(), FLUSH_INTERVAL_MS);
  // The timer alone never keeps a process alive (tests, scripts, shutdown).
  state.timer.unref?.();
}

/**
 * After an events request has been answered: writes the batch when it is due (its oldest event
 * waited FLUSH_INTERVAL_MS) or when the process runs as a serverless function (VERCEL), whose
 * instance may be frozen before its timer fires. Outside a request scope it does nothing: the
 * timer flushes.
 */
export function flushSearchEventsAfterResponse(): void {
  const serverless = Boolean(process.env.VERCEL);
  try {
    after(() => {
      const due = state.since !== null && Date.now() - state.since >= FLUSH_INTERVAL_MS;
      if (serverless || due) return flushSearchEvents();
    });
  } catch {
    // No request scope (a test calling the handler directly): the timer writes the batch.
  }
}

type Row = { day: string; normalised: string; query: string; query_count: number; searches: number; clicks: number; zero_result_searches: number; last_results: number | null };

/** The batch as rows: each pair's most frequent typed form, with its count. */
function rowsOf(entries: Pending[]): Row[] {
  return entries.map((e) => {
    const [query, queryCount] = [...e.forms].reduce((best, form) => (form[1] > best[1] ? form : best));
    return {
      day: e.day,
      normalised: e.normalised,
      query,
      query_count: queryCount,
      searches: e.searches,
      clicks: e.clicks,
      zero_result_searches: e.zeroResultSearches,
      last_results: e.lastResults,
    };
  });
}

/** Puts a batch that failed to write back in front of what arrived since, so the next flush retries it. */
function restore(entries: Pending[]): void {
  for (const e of entries) {
    const key = `${e.day} ${e.normalised}`;
    const newer = state.pending.get(key);
    if (!newer) {
      if (state.pending.size < MAX_PENDING_QUERIES) state.pending.set(key, e);
      continue;
    }
    for (const [form, n] of e.forms) newer.forms.set(form, (newer.forms.get(form) ?? 0) + n);
    newer.searches += e.searches;
    newer.clicks += e.clicks;
    newer.zeroResultSearches += e.zeroResultSearches;
    newer.lastResults ??= e.lastResults;
  }
}

/**
 * One statement for the whole batch: insert each (day, query) pair or add its counts to the row
 * already there. The displayed typed form is replaced when the batch's most frequent one is the
 * same form (its count grows) or was seen more often than the stored one.
 */
async function writeBatch(rows: Row[], executor: Executor): Promise<void> {
  await executor.execute(sql`
    insert into search_daily_stats as s (day, normalised, query, query_count, searches, clicks, zero_result_searches, last_results)
    select r.day, r.normalised, r.query, r.query_count, r.searches, r.clicks, r.zero_result_searches, coalesce(r.last_results, 0)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(day date, normalised text, query text, query_count integer, searches integer, clicks integer, zero_result_searches integer, last_results integer)
    on conflict (day, normalised) do update set
      query = case when excluded.query = s.query or excluded.query_count > s.query_count then excluded.query else s.query end,
      query_count = case
        when excluded.query = s.query then s.query_count + excluded.query_count
        when excluded.query_count > s.query_count then excluded.query_count
        else s.query_count end,
      searches = s.searches + excluded.searches,
      clicks = s.clicks + excluded.clicks,
      zero_result_searches = s.zero_result_searches + excluded.zero_result_searches,
      last_results = case when excluded.searches > 0 then excluded.last_results else s.last_results end`);
}

/**
 * Writes every event gathered in this process so far (one statement), waiting for a flush already
 * under way first. Never throws: a failed write is logged and its events kept for the next flush.
 * @returns how many (day, query) rows the batch held (0 when nothing was pending or the write failed)
 */
export function flushSearchEvents(executor: Executor = db): Promise<number> {
  const run = state.chain.then(async () => {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    const entries = [...state.pending.values()];
    state.pending = new Map();
    state.since = null;
    if (entries.length === 0) return 0;
    try {
      await writeBatch(rowsOf(entries), executor);
      return entries.length;
    } catch (e) {
      console.error('[search] writing search counts failed; kept for the next flush:', e instanceof Error ? e.message : e);
      restore(entries);
      state.since ??= Date.now();
      scheduleFlush();
      return 0;
    }
  });
  state.chain = run;
  return run;
}

/** How many (day, query) pairs wait in memory (tests and the docs' crash note). */
export const pendingSearchPairs = () => state.pending.size;
