/**
 * Search analytics (docs/search.md "What shoppers searched for"): POST /api/search/events counts
 * searches and clicks in memory, flushSearchEvents() writes them by New Zealand day and normalised
 * query, and the admin report lists the top searches, the ones that found nothing and the ones
 * nobody clicked over 7 or 30 days. Nothing of the shopper is stored, and neither the search nor
 * the event request writes to the database.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { databaseKind, db } from '@/db/client';
import { POST as eventsRoute } from '@/app/api/search/events/route';
import { GET as searchRoute } from '@/app/api/products/search/route';
import type { SessionUser } from '@/lib/auth/guards';
import { EVENTS_PER_MINUTE, FLUSH_AT_PAIRS, flushSearchEvents, normaliseSearch, pendingSearchPairs, recordSearchEvent, searchDay } from '@/lib/catalog/search/analytics';
import { searchReport, searchReportStatements } from '@/lib/catalog/search/analytics-report';
import { planScans } from '@/lib/catalog/read/query-plans';
import { freshIp } from '../support/accounts';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';

const admin: SessionUser = { id: 1, userName: 'admin', email: 'admin@example.test', isAdmin: true, permissions: ALL_PERMISSIONS };
const customer: SessionUser = { id: 2, userName: 'demo', email: 'demo@example.test', isAdmin: false, permissions: [] };

type Stat = { day: string; normalised: string; query: string; searches: number; clicks: number; zero_result_searches: number; last_results: number };
async function stats(): Promise<Stat[]> {
  const result = await db.execute(sql`select day::text as day, normalised, query, searches, clicks, zero_result_searches, last_results from search_daily_stats order by day, normalised`);
  return (result as unknown as { rows: Stat[] }).rows;
}

/** Sends one event as the beacon does, from its own address unless one is given. */
const send = (body: unknown, ip = freshIp()) => call(eventsRoute, { method: 'POST', url: '/api/search/events', body, headers: { 'x-forwarded-for': ip } });

beforeEach(async () => {
  await flushSearchEvents();
  await db.execute(sql`delete from search_daily_stats`);
});

describe('POST /api/search/events', () => {
  test('POST /api/search/events — 204, no-store, and nothing is written until the batch is flushed', async () => {
    const res = await send({ kind: 'search', query: 'Sofa', results: 12 });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(res.res.headers.get('cache-control')).toBe('private, no-store');
    expect(await stats()).toEqual([]);
    expect(pendingSearchPairs()).toBe(1);
    expect(await flushSearchEvents()).toBe(1);
    expect(await stats()).toMatchObject([{ normalised: 'sofa', query: 'Sofa', searches: 1, clicks: 0, zero_result_searches: 0, last_results: 12 }]);
  });

  test('POST /api/search/events — events add up by day and normalised query; the most typed form is shown; clicks and zero-result searches counted', async () => {
    for (const query of ['Poäng chair', '  poang   CHAIR ', 'Poäng chair']) expect((await send({ kind: 'search', query, results: 7 })).status).toBe(204);
    await send({ kind: 'click', query: 'POÄNG chair' });
    await send({ kind: 'search', query: 'lounge suite', results: 0 });
    await send({ kind: 'search', query: 'Lounge suite', results: 0 });
    await flushSearchEvents();
    // A second batch adds to the same rows.
    await send({ kind: 'search', query: 'poang chair', results: 5 });
    await flushSearchEvents();
    const rows = await stats();
    const today = searchDay(new Date());
    expect(rows).toEqual([
      { day: today, normalised: 'lounge suite', query: 'lounge suite', searches: 2, clicks: 0, zero_result_searches: 2, last_results: 0 },
      { day: today, normalised: 'poang chair', query: 'Poäng chair', searches: 4, clicks: 1, zero_result_searches: 0, last_results: 5 },
    ]);
  });

  test('POST /api/search/events — the day is the New Zealand date of the event', async () => {
    // 11:30 UTC on 1 March is 00:30 on 2 March in Auckland (NZDT, UTC+13).
    recordSearchEvent({ kind: 'search', query: 'rimu table', results: 3 }, { now: new Date('2026-03-01T11:30:00Z') });
    recordSearchEvent({ kind: 'search', query: 'rimu table', results: 3 }, { now: new Date('2026-03-01T10:30:00Z') });
    await flushSearchEvents();
    expect((await stats()).map((r) => [r.day, r.searches])).toEqual([
      ['2026-03-01', 1],
      ['2026-03-02', 1],
    ]);
  });

  test('POST /api/search/events — bad input answers 400 with a message, and nothing is counted', async () => {
    const bad = [
      { kind: 'search', query: '   ', results: 1 },
      { kind: 'search', query: 'x'.repeat(101), results: 1 },
      { kind: 'search', query: 'sofa', results: -1 },
      { kind: 'search', query: 'sofa', results: 1.5 },
      { kind: 'search', query: 'sofa' },
      { kind: 'view', query: 'sofa', results: 1 },
      { kind: 'search', query: 'sofa', results: 1, userId: 5 },
      'sofa',
    ];
    for (const body of bad) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(pendingSearchPairs()).toBe(0);
    // 100 characters after trimming is the longest accepted.
    expect((await send({ kind: 'click', query: ` ${'x'.repeat(100)} ` })).status).toBe(204);
  });

  test(`POST /api/search/events — past ${EVENTS_PER_MINUTE} a minute from one address: 429 with Retry-After; other addresses still counted`, async () => {
    const ip = freshIp();
    for (let i = 0; i < EVENTS_PER_MINUTE; i++) expect((await send({ kind: 'click', query: 'desk' }, ip)).status).toBe(204);
    const refused = await send({ kind: 'click', query: 'desk' }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send({ kind: 'click', query: 'desk' })).status).toBe(204);
    await flushSearchEvents();
    expect((await stats())[0].clicks).toBe(EVENTS_PER_MINUTE + 1);
  });

  test('nothing of the shopper is stored: the table holds only the day, the query and counts', async () => {
    const columns = await db.execute(sql`select column_name from information_schema.columns where table_name = 'search_daily_stats' order by ordinal_position`);
    expect((columns as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name)).toEqual([
      'day',
      'normalised',
      'query',
      'query_count',
      'searches',
      'clicks',
      'zero_result_searches',
      'last_results',
    ]);
    const ip = '203.0.113.77';
    const res = await call(eventsRoute, { method: 'POST', url: '/api/search/events', body: { kind: 'search', query: 'bunk bed', results: 2 }, headers: { 'x-forwarded-for': ip, cookie: 'next-auth.session-token=abc' } });
    expect(res.res.headers.get('set-cookie')).toBeNull();
    await flushSearchEvents();
    expect(JSON.stringify(await stats())).not.toContain(ip);
  });

  test(`POST /api/search/events — ${FLUSH_AT_PAIRS} different queries waiting start a write at once, without waiting for the interval`, async () => {
    for (let i = 0; i < FLUSH_AT_PAIRS; i++) recordSearchEvent({ kind: 'search', query: `query ${i}`, results: 1 });
    await vi.waitFor(async () => expect((await stats()).length).toBe(FLUSH_AT_PAIRS), { timeout: 4_000 });
    expect(pendingSearchPairs()).toBe(0);
  });

  test('a search itself writes nothing: GET /api/products/search leaves the counts untouched', async () => {
    await createProduct({ name: 'Kauri bookcase' });
    const res = await call(searchRoute, { url: '/api/products/search?q=kauri' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(pendingSearchPairs()).toBe(0);
    await flushSearchEvents();
    expect(await stats()).toEqual([]);
  });
});

describe('the search report (administrators)', () => {
  const NOW = new Date('2026-06-30T02:00:00Z'); // 30 June, 14:00 in Auckland
  const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * 86_400_000);

  async function seedWeeks() {
    const events: [number, string, number | 'click'][] = [
      [0, 'Sofa', 40],
      [0, 'sofa', 40],
      [1, 'sofa', 38],
      [0, 'sofa', 'click'],
      [2, 'squab', 0],
      [3, 'squab', 0],
      [1, 'hutch', 4],
      [20, 'duvet', 0],
      [20, 'duvet', 0],
      [20, 'duvet', 0],
      [25, 'tallboy', 9],
      [40, 'chesterfield', 0],
    ];
    for (const [daysAgo, query, what] of events) {
      recordSearchEvent(what === 'click' ? { kind: 'click', query } : { kind: 'search', query, results: what }, { now: at(daysAgo) });
    }
    await flushSearchEvents();
  }

  test('the last 7 days: top searches, no results and nobody clicked', async () => {
    await seedWeeks();
    const report = await searchReport(admin, 7, { now: NOW });
    expect(report).toMatchObject({ days: 7, from: '2026-06-24', to: '2026-06-30' });
    expect(report.top.map((r) => [r.query, r.searches, r.clicks])).toEqual([
      ['sofa', 3, 1],
      ['squab', 2, 0],
      ['hutch', 1, 0],
    ]);
    expect(report.top[0].lastResults).toBe(40);
    expect(report.noResults.map((r) => [r.query, r.zeroResultSearches])).toEqual([['squab', 2]]);
    expect(report.noClicks.map((r) => r.query)).toEqual(['hutch']);
  });

  test('the last 30 days reach further back; older days are left out', async () => {
    await seedWeeks();
    const report = await searchReport(admin, 30, { now: NOW });
    expect(report.from).toBe('2026-06-01');
    expect(report.top.map((r) => r.query)).toEqual(['duvet', 'sofa', 'squab', 'hutch', 'tallboy']);
    expect(report.noResults.map((r) => r.query)).toEqual(['duvet', 'squab']);
    expect(report.noClicks.map((r) => r.query)).toEqual(['hutch', 'tallboy']);
    expect(JSON.stringify(report)).not.toContain('chesterfield');
  });

  test('the report shows searches made moments ago: it writes what the process still holds first', async () => {
    expect((await send({ kind: 'search', query: 'Hall stand', results: 0 })).status).toBe(204);
    const report = await searchReport(admin, 7);
    expect(report.noResults.map((r) => r.query)).toEqual(['Hall stand']);
  });

  test('only administrators read it; another period is refused', async () => {
    await expect(searchReport(customer, 7)).rejects.toMatchObject({ status: 403 });
    await expect(searchReport(null, 7)).rejects.toMatchObject({ status: 401 });
    await expect(searchReport(admin, 14)).rejects.toMatchObject({ status: 400 });
  });
});

test('normaliseSearch: trimmed, lower case, single spaces, Swedish letters folded', () => {
  expect(normaliseSearch('  SÖDERHAMN   Sofa ')).toBe('soderhamn sofa');
  expect(normaliseSearch('Poäng')).toBe(normaliseSearch('POANG'));
});

describe.skipIf(!process.env.DATABASE_URL)('the report on a year of counts (PostgreSQL plans)', () => {
  test('the 7- and 30-day reports read their days from the primary key, not the whole table', async () => {
    expect(databaseKind()).toBe('pg');
    await db.execute(sql`
      insert into search_daily_stats (day, normalised, query, query_count, searches, clicks, zero_result_searches, last_results)
      select d::date, 'query ' || q, 'query ' || q, 1, 1 + q % 7, q % 3, case when q % 5 = 0 then 1 else 0 end, q % 40
      from generate_series(date '2026-01-01', date '2026-12-31', interval '1 day') d, generate_series(1, 300) q`);
    await db.execute(sql`analyze search_daily_stats`);
    for (const from of ['2026-12-25', '2026-12-02']) {
      for (const statement of Object.values(searchReportStatements(from, '2026-12-31'))) {
        const scans = await planScans(db, statement);
        expect(scans.some((s) => s.endsWith(' on search_daily_stats'))).toBe(true);
        expect(scans).not.toContain('Seq Scan on search_daily_stats');
      }
    }
    await db.execute(sql`delete from search_daily_stats`);
  }, 60_000);
});
