/**
 * The products search box (spec §2, §4 Search): Enter or the Search button searches; a new search
 * clears the filters (only the query and sort are submitted); Clear Search appears while a search is
 * active and goes back to the full list.
 */
import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/icons';
import type { ProductQuery } from '@/lib/catalog/product-query';
import { productsHref, withChanges } from '@/lib/catalog/product-query';
import { FilterForm } from './filter-form';

export function SearchBar({ state }: { state: ProductQuery }) {
  return (
    <FilterForm label="Search products" keepScroll={false} className="flex flex-wrap items-center gap-2" testId="search-form">
      <div className="relative min-w-0 flex-1 basis-60">
        <label htmlFor="products-search" className="sr-only">
          Search products
        </label>
        <SearchIcon className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted" />
        <input
          id="products-search"
          name="q"
          type="search"
          defaultValue={state.q ?? ''}
          placeholder="Search products"
          enterKeyHint="search"
          autoComplete="off"
          className="h-11 w-full rounded-full border border-line bg-surface pl-10 pr-4 text-sm text-ink placeholder:text-muted focus:border-brand focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand"
        />
      </div>
      {state.sort && <input type="hidden" name="sort" value={state.sort} />}
      <button type="submit" className={buttonClasses('primary', 'md')}>
        Search
      </button>
      {state.q && (
        <Link href={productsHref(withChanges(state, { q: undefined }))} className={buttonClasses('outline', 'md')} data-testid="clear-search">
          Clear Search
        </Link>
      )}
    </FilterForm>
  );
}
