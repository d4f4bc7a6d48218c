/**
 * Cache tags of everything shoppers see (docs/architecture.md "Caching"). Every write that changes what a cached
 * read shows calls invalidateCatalogue(), invalidateProductStock() (stock moved by orders) or
 * revalidateTag(tag, { expire: 0 }) with these.
 */
export const TAGS = {
  products: 'products',
  product: (id: number) => `product:${id}`,
  categories: 'categories',
  brands: 'brands',
  promotions: 'promotions',
  settings: 'settings',
  /** Delivery zones, services and pickup locations: the shipping rates of product pages' structured data. */
  delivery: 'delivery',
  /** The search synonym sets (lib/catalog/search/synonyms.ts loadSynonyms). */
  synonyms: 'synonyms',
} as const;
