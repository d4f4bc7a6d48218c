/**
 * What a search offers where its results end (docs/search.md "No dead ends"): for no results, what
 * happened and where to go next — "Did you mean …", the categories its words name, every room;
 * for results that all came from typos, a note above them with the same correction and
 * categories. Server components; the links are plain URLs of /products.
 */
import Link from 'next/link';
import { displayName } from '@/components/products/facet-types';
import { Notice } from '@/components/ui/notice';
import { clearFiltersHref, hasFilters, productsHref, emptyQuery, type ProductQuery } from '@/lib/catalog/product-query';
import type { CategoryNode, Facets } from '@/lib/catalog/types';

type Place = { id: number; name: string };

const searchHref = (q: string) => productsHref({ ...emptyQuery(), q });
const categoryHref = (id: number) => productsHref({ ...emptyQuery(), category: [id] });

const link = 'font-medium text-brand-dark underline underline-offset-4 hover:text-brand';
const chip = 'inline-flex h-8 items-center rounded-full border border-line bg-surface px-3 text-sm text-ink hover:border-brand hover:text-brand-dark';

/** The rooms and subcategories of the tree by id, with the names the filters show. */
export function placesOf(tree: CategoryNode[], ids: number[]): Place[] {
  const names = new Map<number, string>();
  for (const room of tree) {
    names.set(room.category_id, room.name);
    for (const s of room.subcategories) names.set(s.category_id, displayName(s.name));
  }
  return ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []));
}

/**
 * The subcategories holding most of a search's results (its facet counts), most first: the
 * categories that match weak results when the query names none.
 */
export function busiestCategories(facets: Facets, limit: number): Place[] {
  return facets.categories
    .flatMap((room) => room.subcategories)
    .filter((s) => s.count > 0)
    .sort((a, b) => b.count - a.count || a.category_id - b.category_id)
    .slice(0, limit)
    .map((s) => ({ id: s.category_id, name: displayName(s.name) }));
}

/** "Did you mean wardrobe?", linking to that search (filters left behind, as a new search leaves them). */
function DidYouMean({ suggestion }: { suggestion: string }) {
  return (
    <p data-testid="did-you-mean">
      Did you mean{' '}
      <Link href={searchHref(suggestion)} className={link}>
        {suggestion}
      </Link>
      ?
    </p>
  );
}

/** A labelled row of category links. */
function PlaceLinks({ label, places, testId, center = false }: { label: string; places: Place[]; testId: string; center?: boolean }) {
  return (
    <div data-testid={testId}>
      <p className="font-medium text-ink">{label}</p>
      <ul aria-label={label} className={`mt-2 flex flex-wrap gap-2 ${center ? 'justify-center' : ''}`}>
        {places.map((p) => (
          <li key={p.id}>
            <Link href={categoryHref(p.id)} className={chip}>
              {p.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A search (or filter combination) with no results: says so, offers the correction and the
 * categories the query names when there are any, then every room; a search narrowed by filters
 * also offers the same search without them.
 */
export function NoResults({ state, suggestion, matching, tree }: { state: ProductQuery; suggestion: string | null; matching: Place[]; tree: CategoryNode[] }) {
  const rooms = tree.map((r) => ({ id: r.category_id, name: r.name }));
  if (!state.q) {
    return (
      <Notice title="No products match these filters" testId="no-results">
        <p>
          Try removing a filter or widening a size range, or{' '}
          <Link href={clearFiltersHref(state)} className={link}>
            clear all filters
          </Link>
          .
        </p>
      </Notice>
    );
  }
  const filtered = hasFilters(state);
  return (
    <Notice title={`No products match “${state.q}”${filtered ? ' with these filters' : ''}`} testId="no-results">
      <div className="space-y-5">
        {suggestion && (
          <div className="text-base text-ink">
            <DidYouMean suggestion={suggestion} />
          </div>
        )}
        {filtered && (
          <p>
            <Link href={clearFiltersHref(state)} className={link}>
              Search all products for “{state.q}”
            </Link>
          </p>
        )}
        {matching.length > 0 && <PlaceLinks label="Categories that match" places={matching} testId="matching-categories" center />}
        <PlaceLinks label="Browse by room" places={rooms} testId="room-links" center />
        <p>
          {suggestion ? 'Or try' : 'Check the spelling, or try'} a more general word such as “sofa” or “desk”, or{' '}
          <Link href="/products" className={link}>
            browse all products
          </Link>
          .
        </p>
      </div>
    </Notice>
  );
}

/**
 * Above results that all came from typos (no product matches the words as typed): says so, with
 * the correction when there is one and the categories that match.
 */
export function WeakResults({ q, suggestion, matching }: { q: string; suggestion: string | null; matching: Place[] }) {
  return (
    <section aria-label="About these results" className="space-y-3 rounded-[var(--radius-card)] border border-line bg-surface px-4 py-4 text-sm text-muted sm:px-5" data-testid="weak-results">
      <p>
        Nothing matches “<span className="text-ink">{q}</span>” exactly, so these are the closest names.
      </p>
      {suggestion && (
        <div className="text-base text-ink">
          <DidYouMean suggestion={suggestion} />
        </div>
      )}
      {matching.length > 0 && <PlaceLinks label="Categories that match" places={matching} testId="matching-categories" />}
    </section>
  );
}
