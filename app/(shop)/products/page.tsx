/**
 * /products (spec §2 Products page, §4 Search and Category filter, §5 Search): search, category and
 * attribute filters with counts, size ranges, sort, and 18 per page with Previous/Next. Everything
 * lives in the URL, so every listing is shareable and crawlable; the page renders on the server.
 */
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ActiveFilters } from '@/components/products/active-filters';
import { displayName } from '@/components/products/facet-types';
import { FilterDrawerButton, FilterDrawerPanel, FilterDrawerRoot } from '@/components/products/filter-drawer';
import { FiltersPanel } from '@/components/products/filters-panel';
import { Pagination } from '@/components/products/pagination';
import { ProductGrid } from '@/components/products/product-grid';
import { SearchBar } from '@/components/products/search-bar';
import { SearchBeacon } from '@/components/products/search-beacon';
import { SortSelect } from '@/components/products/sort-select';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Container } from '@/components/ui/container';
import { busiestCategories, NoResults, placesOf, WeakResults } from '@/components/products/search-help';
import { getCategoryTree, listProductsWithFacets } from '@/lib/catalog/read/queries';
import { getSearchHelp, MATCHING_CATEGORIES } from '@/lib/catalog/read/no-dead-ends';
import { normalizeSelection } from '@/lib/storefront/category-ticks';
import {
  canonicalProductsPath,
  clearFiltersHref,
  filterChips,
  productsHref,
  toListParams,
  toSearchParams,
  type ProductQuery,
} from '@/lib/catalog/product-query';
import { readProductQuery, type RawSearchParams } from '@/lib/catalog/query-schema';
import { listingHeading, listingNaming } from '@/lib/storefront/listing-indexing';
import { getShopSettingsCached } from '@/lib/settings/queries';
import { metaDescription, pageMetadata, SHARE_IMAGES } from '@/lib/storefront/page-metadata';

/** Rendered per request at this address with a query; without one shoppers get it from the page cache via /cached/… (lib/storefront/page-cache.ts). */
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<RawSearchParams> };

type Tree = Awaited<ReturnType<typeof getCategoryTree>>;

/** The state of the URL, with the category selection normalised by the tick rules. */
async function readState(searchParams: Promise<RawSearchParams>): Promise<{ state: ProductQuery; tree: Tree; error: string | null }> {
  const [raw, tree] = await Promise.all([searchParams, getCategoryTree()]);
  const { state, error } = readProductQuery(raw);
  state.category = normalizeSelection(tree, state.category);
  return { state, tree, error };
}

function categoryNamer(tree: Tree) {
  const names = new Map<number, string>();
  for (const room of tree) {
    names.set(room.category_id, room.name);
    for (const s of room.subcategories) names.set(s.category_id, displayName(s.name));
  }
  return (id: number) => names.get(id);
}

/**
 * Title, description, canonical and indexing of a listing, and its h1, by the one rule of
 * lib/storefront/listing-indexing.ts: named listings (all, one room or subcategory, on sale) are
 * indexed under their own title; other filter combinations are titled by what they show and are
 * noindex, with the canonical of the named listing they narrow; searches are noindex. The share
 * picture is the room's when the listing is within one room.
 */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { state, tree } = await readState(searchParams);
  const storeName = (await getShopSettingsCached()).storeName;
  const naming = listingNaming(state, tree, storeName);
  return pageMetadata({
    path: canonicalProductsPath(state),
    canonical: naming.canonical,
    title: state.page > 1 ? `${naming.title} — page ${state.page}` : naming.title,
    description: metaDescription(naming.description),
    noindex: !naming.index,
    image: naming.room ? SHARE_IMAGES.room(naming.room.slug, naming.room.name, storeName) : undefined,
  });
}

export default async function ProductsPage({ searchParams }: Props) {
  const { state, tree, error } = await readState(searchParams);
  const params = toListParams(state);
  const { list, facets } = await listProductsWithFacets(params);

  // listProducts clamps the page to 1..totalPages; the address follows.
  const totalPages = Math.max(1, list.totalPages);
  if (state.page > totalPages) redirect(productsHref({ ...state, page: totalPages }));
  // No dead ends (docs/search.md): a search with no or only weak results offers a correction and categories.
  const help = await getSearchHelp(params, list.total);
  const matching = placesOf(tree, help.categoryIds);

  const name = categoryNamer(tree);
  const heading = listingHeading(state, tree);
  const chips = filterChips(state, name);
  const filterKey = toSearchParams(state, { withPage: false }).toString();
  const room = state.category.length === 1 ? tree.find((r) => r.category_id === state.category[0] || r.subcategories.some((s) => s.category_id === state.category[0])) : undefined;
  const crumbs = [{ label: 'Home', href: '/' }, { label: 'Products', href: '/products' }];
  if (room && !state.q) {
    crumbs.push({ label: room.name, href: productsHref({ ...state, category: [room.category_id], page: 1 }) });
    if (room.category_id !== state.category[0]) crumbs.push({ label: name(state.category[0]) ?? '', href: '' });
  }

  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs items={crumbs} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-2">
        <h1 className="font-display text-3xl text-ink sm:text-4xl" data-testid="products-heading">
          {heading}
        </h1>
        <p className="text-sm text-muted" data-testid="result-count" aria-live="polite">
          {list.total.toLocaleString('en-NZ')} {list.total === 1 ? 'product' : 'products'}
        </p>
      </div>
      <SearchBeacon query={state.q || null} results={list.total} page={state.page} />
      <div className="mt-5">
        <SearchBar key={`q-${state.q ?? ''}`} state={state} />
      </div>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-warning/30 bg-[#fbf3e4] px-4 py-3 text-sm text-ink" data-testid="query-error">
          {error} Showing all products instead.
        </p>
      )}

      <FilterDrawerRoot>
        <div className="mt-6 lg:grid lg:grid-cols-[16.5rem_minmax(0,1fr)] lg:gap-10">
          <FilterDrawerPanel total={list.total}>
            <FiltersPanel key={filterKey} state={state} facets={facets} idPrefix="f-" />
          </FilterDrawerPanel>

          <section aria-labelledby="results-title">
            <h2 id="results-title" className="sr-only">
              Products
            </h2>
            <div className="flex items-center justify-between gap-3">
              <FilterDrawerButton activeCount={chips.length} />
              <div className="ml-auto">
                <SortSelect key={`s-${filterKey}`} state={state} />
              </div>
            </div>
            {chips.length > 0 && (
              <div className="mt-4">
                <ActiveFilters chips={chips} clearHref={clearFiltersHref(state)} />
              </div>
            )}
            {help.weak && state.q && (
              <div className="mt-5">
                <WeakResults q={state.q} suggestion={help.didYouMean} matching={matching.length > 0 ? matching : busiestCategories(facets, MATCHING_CATEGORIES)} />
              </div>
            )}
            <div className="mt-5">
              {list.products.length > 0 ? (
                <ProductGrid products={list.products} columns={3} eager />
              ) : (
                <NoResults state={state} suggestion={help.didYouMean} matching={matching} tree={tree} />
              )}
            </div>
            <div className="mt-10">
              <Pagination page={Math.min(state.page, totalPages)} totalPages={totalPages} hrefFor={(p) => productsHref({ ...state, page: p })} />
            </div>
          </section>
        </div>
      </FilterDrawerRoot>
    </Container>
  );
}
