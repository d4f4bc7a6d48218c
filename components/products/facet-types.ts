/** The filter facets the products page reads (lib/catalog's getFacets result). */
import type { Facets } from '@/lib/catalog/types';

export type { Facets, FacetValue } from '@/lib/catalog/types';
export type FacetCategory = Facets['categories'][number];
export type FacetRange = Facets['dimensions']['width'];

/** Category names are shown with underscores as spaces (spec §3 Category). */
export const displayName = (name: string) => name.replace(/_/g, ' ');
