/**
 * The search reports of /admin/search (docs/search.md "What shoppers searched for"), rendered on
 * the server: over the last 7 or 30 days (?days=30), the top searches, the searches that found
 * nothing and the searches whose results nobody opened, each query with a link that opens the
 * synonyms editor with it filled in (/admin/search?add=<query>#synonyms).
 */
import Link from 'next/link';
import clsx from 'clsx';
import { AdminTable, Td, Th, Tr } from '@/components/admin/admin-table';
import { ErrorBanner } from '@/components/admin/status';
import type { SessionUser } from '@/lib/auth/guards';
import { REPORT_PERIODS, searchReport, type ReportPeriod, type SearchReportData, type SearchReportRow } from '@/lib/catalog/search/analytics-report';

/** The synonyms editor with `query` as its first word. */
export const addSynonymHref = (query: string) => `/admin/search?add=${encodeURIComponent(query)}#synonyms`;
const periodHref = (days: ReportPeriod) => (days === 7 ? '/admin/search#search-report' : `/admin/search?days=${days}#search-report`);

const count = (n: number) => n.toLocaleString('en-NZ');
const day = (ymd: string) => new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`));

type Column = { label: string; value: (row: SearchReportRow) => number };

function ReportList({ id, title, description, empty, rows, columns }: { id: string; title: string; description: string; empty: string; rows: SearchReportRow[]; columns: Column[] }) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id} className="space-y-3">
      <div>
        <h3 id={`${id}-title`} className="text-base font-semibold text-ink">
          {title}
        </h3>
        <p className="text-sm text-muted">{description}</p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-card border border-line bg-surface px-4 py-8 text-center text-sm text-muted">{empty}</p>
      ) : (
        <AdminTable label={title} stacked>
          <thead>
            <tr>
              <Th>Query</Th>
              {columns.map((c) => (
                <Th key={c.label} className="text-right">
                  {c.label}
                </Th>
              ))}
              <Th>
                <span className="sr-only">Action</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Tr key={row.normalised} data-testid="search-report-row">
                <Td data-label="Query" className="max-md:col-span-2 break-words font-medium text-ink">
                  {row.query}
                </Td>
                {columns.map((c) => (
                  <Td key={c.label} data-label={c.label} className="text-right tabular-nums max-md:text-left">
                    {count(c.value(row))}
                  </Td>
                ))}
                <Td className="text-right max-md:col-span-2 max-md:text-left">
                  <Link href={addSynonymHref(row.query)} className="whitespace-nowrap text-sm font-medium text-brand hover:underline">
                    Add a synonym
                    <span className="sr-only"> for “{row.query}”</span>
                  </Link>
                </Td>
              </Tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </section>
  );
}

function Lists({ data }: { data: SearchReportData }) {
  const period = `the last ${data.days} days`;
  return (
    <div className="space-y-8">
      <ReportList
        id="search-top"
        title="Top searches"
        description="What shoppers searched for most, with how often they opened a result."
        empty={`No searches in ${period} yet. Searches made in the shop show here within a few seconds.`}
        rows={data.top}
        columns={[
          { label: 'Searches', value: (r) => r.searches },
          { label: 'Results opened', value: (r) => r.clicks },
          { label: 'Last search found', value: (r) => r.lastResults },
        ]}
      />
      <ReportList
        id="search-no-results"
        title="No results"
        description="Searches that found no product. A synonym can point these words at products the shop has."
        empty={`Every search in ${period} found at least one product.`}
        rows={data.noResults}
        columns={[
          {
            label: 'Searches with no results',
            value: (r) => r.zeroResultSearches,
          },
          { label: 'Last search found', value: (r) => r.lastResults },
        ]}
      />
      <ReportList
        id="search-no-clicks"
        title="Nobody clicked"
        description="Searches that found products, none of which a shopper opened: the results may not be what they meant."
        empty={`Shoppers opened a result from every search in ${period} that found something.`}
        rows={data.noClicks}
        columns={[
          { label: 'Searches', value: (r) => r.searches },
          { label: 'Last search found', value: (r) => r.lastResults },
        ]}
      />
    </div>
  );
}

/**
 * The report section. Server component.
 * @param admin the signed-in administrator (the read checks it again)
 * @param days 7 or 30: the period, ending today in New Zealand
 */
export async function SearchReport({ admin, days }: { admin: SessionUser; days: ReportPeriod }) {
  const data = await searchReport(admin, days).catch((e: unknown) => void console.error('[admin] search report failed', e));
  return (
    <section id="search-report" aria-labelledby="search-report-title" className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="search-report-title" className="font-display text-xl text-ink">
            What shoppers searched for
          </h2>
          <p className="mt-1 text-sm text-muted">
            {data ? `${day(data.from)} to ${day(data.to)}, New Zealand time. ` : null}
            Counted by query, without any shopper’s name or address.
          </p>
        </div>
        <nav aria-label="Report period" className="flex gap-2">
          {REPORT_PERIODS.map((d) => (
            <Link
              key={d}
              href={periodHref(d)}
              aria-current={d === days ? 'page' : undefined}
              className={clsx('rounded-full border px-3.5 py-1.5 text-sm font-medium', d === days ? 'border-brand bg-brand text-white' : 'border-line bg-surface text-ink hover:bg-brand-soft')}
            >
              Last {d} days
            </Link>
          ))}
        </nav>
      </div>
      {data ? <Lists data={data} /> : <ErrorBanner messages={['Failed to load the search report. Please try again.']} />}
    </section>
  );
}
