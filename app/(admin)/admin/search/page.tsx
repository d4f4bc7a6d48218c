/**
 * /admin/search — Search: what shoppers searched for over the last 7 or 30 days (`?days=30`;
 * docs/search.md "What shoppers searched for"), and the synonyms the shop's search applies
 * (docs/search.md "Editing synonyms"), listed, added, edited and deleted; `?add=<term>#synonyms`
 * (the search report's "Add a synonym") pre-fills the add form's first word. Read on the server; changes go through
 * /api/search/synonyms and the page is read again (components/catalog/admin/synonym-manager.tsx).
 * The page is made of sections, each with its own heading and anchor.
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { SearchReport } from '@/components/admin/search/search-report';
import { SynonymManager } from '@/components/catalog/admin/synonym-manager';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { reportPeriodOf } from '@/lib/catalog/search/analytics-report';
import { WORD_MAX } from '@/lib/catalog/search/synonym-schema';
import { listSynonymSets } from '@/lib/catalog/search/synonyms';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Search' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The word of `?add=`: the first one given, trimmed and cut to a word's length; null when blank. */
function addTermOf(value: string | string[] | undefined): string | null {
  const term = (Array.isArray(value) ? value[0] : value)?.trim().replace(/\s+/g, ' ').slice(0, WORD_MAX);
  return term || null;
}

export default async function SearchAdminPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requirePageAdmin('/admin/search', 'products.write');
  const sp = await searchParams;
  const addTerm = addTermOf(sp.add);
  const sets = await listSynonymSets(me).catch((e: unknown) => void console.error('[admin/search] synonyms failed', e));
  return (
    <>
      <AdminPageHeader title="Search" description="What shoppers look for, what finds nothing, and the words the search treats as the same." />
      <div className="space-y-12">
        <SearchReport admin={me} days={reportPeriodOf(sp.days)} />
        <section id="synonyms" aria-labelledby="synonyms-heading" className="scroll-mt-6 space-y-3">
          <div>
            <h2 id="synonyms-heading" className="font-display text-xl text-ink">
              Synonyms
            </h2>
            <p className="mt-1 text-sm text-muted">
              Words shoppers use for the same piece. A search for one word of a set also finds products named with the others; the search results and filter counts use a change at once.
            </p>
          </div>
          {sets ? <SynonymManager sets={sets} addTerm={addTerm} /> : <ErrorBanner messages={['Failed to load the synonyms. Please try again.']} />}
        </section>
      </div>
    </>
  );
}
