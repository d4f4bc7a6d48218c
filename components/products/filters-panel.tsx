/**
 * The product filters (spec §2 Products page, §4 Category filter): on sale, 4 stars & up, categories with
 * subcategories, style, function, mobility and size, as one GET form. Changing a filter goes back to page 1 and
 * keeps the search and sort. Rendered in the sidebar on wide screens and in a drawer on phones.
 */
import Link from 'next/link';
import clsx from 'clsx';
import { buttonClasses } from '@/components/ui/button';
import { clearFiltersHref, hasFilters, type ProductQuery } from '@/lib/catalog/product-query';
import { CategoryFilter } from './category-filter';
import { DimensionFilter } from './dimension-filter';
import { FacetFilter } from './facet-filter';
import type { Facets } from './facet-types';
import { FilterForm } from './filter-form';
import { Stars } from '@/components/reviews/stars';
import { CheckboxFacet } from './checkbox-facet';

export function FiltersPanel({ state, facets, idPrefix }: { state: ProductQuery; facets: Facets; idPrefix: string }) {
  return (
    <FilterForm label="Product filters" className="space-y-7" testId="filters-form">
      {state.q && <input type="hidden" name="q" value={state.q} />}
      {state.sort && <input type="hidden" name="sort" value={state.sort} />}
      {/* Only products with an active promotion. */}
      <CheckboxFacet legend="Offers" name="on_sale" value="1" checked={state.onSale} count={facets.onSale} idPrefix={idPrefix} testId="on-sale-filter">
        <span className="flex-1 font-medium text-sale">On sale</span>
      </CheckboxFacet>
      {/* Only products whose approved reviews average at least four stars. */}
      <CheckboxFacet legend="Customer rating" name="rating_min" value="4" checked={state.minRating === 4} count={facets.fourStarsUp} idPrefix={idPrefix} testId="rating-filter">
        <Stars rating={4} className="text-sm" label="4 stars" />
        <span className="flex-1 font-medium">&amp; up</span>
      </CheckboxFacet>
      <CategoryFilter tree={facets.categories} selected={state.category} idPrefix={idPrefix} />
      <FacetFilter name="style" legend="Style" values={facets.style} selected={state.style} idPrefix={idPrefix} />
      <FacetFilter name="function" legend="Function" values={facets.function} selected={state.function} idPrefix={idPrefix} />
      <FacetFilter name="mobility" legend="Mobility" values={facets.mobility} selected={state.mobility} idPrefix={idPrefix} />
      <DimensionFilter values={{ width: state.width, height: state.height, depth: state.depth }} ranges={facets.dimensions} idPrefix={idPrefix} />
      <div className="flex flex-wrap gap-3 border-t border-line pt-5">
        <button type="submit" className={buttonClasses('primary', 'sm')}>
          Apply filters
        </button>
        {hasFilters(state) && (
          <Link href={clearFiltersHref(state)} className={clsx(buttonClasses('ghost', 'sm'))}>
            Clear all
          </Link>
        )}
      </div>
    </FilterForm>
  );
}
