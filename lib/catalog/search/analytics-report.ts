/**
 * The search reports of /admin/search (docs/search.md "What shoppers searched for"): over the last
 * 7 or 30 New Zealand days, the most searched queries, the queries that found nothing, and the
 * queries whose results nobody opened. Read from `search_daily_stats` (a range of its primary key,
 * day first); administrators only.
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { db } from '@/db/client';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { badRequest } from '@/lib/server/errors';
import { flushSearchEvents, searchDay } from './analytics';

/** The report's periods, in days ending today (New Zealand). */
export const REPORT_PERIODS = [7, 30] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** Rows per list. */
export const REPORT_ROWS = 20;

/** One query over the period. */
export type SearchReportRow = {
  /** The typed form seen most often. */
  query: string;
  /** The form it is counted under (lib/catalog/search/analytics.ts normaliseSearch). */
  normalised: string;
  searches: number;
  /** Results opened from its searches. */
  clicks: number;
  /** Searches that showed no product. */
  zeroResultSearches: number;
  /** Products its latest search showed. */
  lastResults: number;
};

export type SearchReportData = {
  days: ReportPeriod;
  /** First and last day counted (YYYY-MM-DD, New Zealand). */
  from: string;
  to: string;
  /** Most searched first. */
  top: SearchReportRow[];
  /** Searches that found nothing, most such searches first. */
  noResults: SearchReportRow[];
  /** Searched with results, never clicked, most searched first. */
  noClicks: SearchReportRow[];
};

/** Reads a `?days=` value: 30 when it says 30, else 7. */
export const reportPeriodOf = (value: unknown): ReportPeriod => (String(value) === '30' ? 30 : 7);

type RawRow = { query: string; normalised: string; searches: number | string; clicks: number | string; zero_result_searches: number | string; last_results: number | string | null };

const rowsOf = (result: unknown): SearchReportRow[] =>
  ((result as { rows?: RawRow[] }).rows ?? []).map((r) => ({
    query: r.query,
    normalised: r.normalised,
    searches: Number(r.searches),
    clicks: Number(r.clicks),
    zeroResultSearches: Number(r.zero_result_searches),
    lastResults: Number(r.last_results ?? 0),
  }));

/** The period's rows grouped by normalised query, filtered (`having`) and ordered, at most `limit`. */
const grouped = (from: string, to: string, having: SQL, orderBy: SQL, limit: number) => sql`
    select normalised,
      (array_agg(query order by query_count desc, day desc))[1] as query,
      sum(searches) as searches,
      sum(clicks) as clicks,
      sum(zero_result_searches) as zero_result_searches,
      (array_agg(last_results order by day desc) filter (where searches > 0))[1] as last_results
    from search_daily_stats
    where day between ${from}::date and ${to}::date
    group by normalised
    having ${having}
    order by ${orderBy}, normalised
    limit ${limit}`;

/**
 * The report's three statements for the days `from`..`to` (YYYY-MM-DD): each reads that range of
 * the primary key (tests/catalog/search-analytics.test.ts checks the plan on PostgreSQL).
 */
export const searchReportStatements = (from: string, to: string, limit = REPORT_ROWS) => ({
  top: grouped(from, to, sql`sum(searches) > 0`, sql`sum(searches) desc`, limit),
  noResults: grouped(from, to, sql`sum(zero_result_searches) > 0`, sql`sum(zero_result_searches) desc`, limit),
  noClicks: grouped(from, to, sql`sum(clicks) = 0 and sum(searches) > sum(zero_result_searches)`, sql`sum(searches) desc`, limit),
});

/**
 * The three lists for the last `days` days (today included), after writing the events this
 * process still holds, so searches made moments ago show.
 * @param actor must be an administrator
 * @param days 7 or 30
 * @throws AppError 401 without an actor, 403 for a customer, 400 for another period
 */
export async function searchReport(actor: SessionUser | null, days: number, options: { now?: Date; limit?: number } = {}): Promise<SearchReportData> {
  authorize(actor, 'products.write');
  if (!REPORT_PERIODS.includes(days as ReportPeriod)) throw badRequest('days must be 7 or 30.');
  const limit = options.limit ?? REPORT_ROWS;
  const now = options.now ?? new Date();
  await flushSearchEvents();
  const to = searchDay(now);
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  const from = start.toISOString().slice(0, 10);
  const statements = searchReportStatements(from, to, limit);
  const [top, noResults, noClicks] = await Promise.all([db.execute(statements.top), db.execute(statements.noResults), db.execute(statements.noClicks)]);
  return { days: days as ReportPeriod, from, to, top: rowsOf(top), noResults: rowsOf(noResults), noClicks: rowsOf(noClicks) };
}
