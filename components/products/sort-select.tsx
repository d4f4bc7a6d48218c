/** Sort order for the listing: a select that applies at once (with an Apply button without JavaScript). */
import { SORTS, SORT_LABELS, toSearchParams, type ProductQuery } from '@/lib/catalog/product-query';
import { FilterForm } from './filter-form';

export function SortSelect({ state }: { state: ProductQuery }) {
  const keep = toSearchParams({ ...state, sort: undefined }, { withPage: false, withSort: false });
  const options = SORTS.filter((s) => s !== 'relevance' || state.q);
  return (
    <FilterForm label="Sort products" className="flex items-center gap-2" testId="sort-form">
      {[...keep.entries()].map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="products-sort" className="sr-only text-sm text-muted sm:not-sr-only">
        Sort by
      </label>
      <select
        id="products-sort"
        name="sort"
        defaultValue={state.sort ?? ''}
        className="h-10 rounded-full border border-line bg-surface pl-3 pr-8 text-sm text-ink focus:border-brand focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand"
      >
        <option value="">{state.q ? SORT_LABELS.relevance : 'Recommended'}</option>
        {options
          .filter((s) => s !== 'relevance')
          .map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
      </select>
      <noscript>
        <button type="submit" className="h-10 rounded-full border border-line px-3 text-sm">
          Apply
        </button>
      </noscript>
    </FilterForm>
  );
}
