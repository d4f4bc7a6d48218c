/** Shapes of lib/catalog's getFacets() result that the filters read (structural). */
export type FacetSubcategory = { category_id: number; name: string; slug: string; count: number };
export type FacetCategory = FacetSubcategory & { subcategories: FacetSubcategory[] };
export type FacetValue = { value: string; count: number };
export type FacetRange = { min: number | null; max: number | null };
export type Facets = {
  categories: FacetCategory[];
  style: FacetValue[];
  function: FacetValue[];
  mobility: FacetValue[];
  dimensions: { width: FacetRange; height: FacetRange; depth: FacetRange };
};

/** Category names are shown with underscores as spaces (spec §3 Category). */
export const displayName = (name: string) => name.replace(/_/g, ' ');
