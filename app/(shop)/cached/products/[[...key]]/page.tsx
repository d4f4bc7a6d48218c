/**
 * The cached twins of /products (lib/storefront/cached-pages.ts): /cached/products (no query),
 * /cached/products/{canonical query, base64url} (rewritten by proxy.ts) and
 * /cached/products/search/{word} (a one-word search, rewritten by next.config.ts) render the
 * products page module as ISR entries, like ../../[page] does for the fixed pages: nothing at build,
 * each entry on its first request, tagged with the catalogue reads it made.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import ProductsPage, { generateMetadata as productsMetadata } from '../../../products/page';
import { plainWord } from '@/lib/storefront/cached-page-paths';
import { queryFromKey } from '@/lib/storefront/cached-pages';
import type { RawSearchParams } from '@/lib/catalog/read-product-query';

export const revalidate = 60;
export const dynamicParams = true;

/** No page at build time: every entry is rendered on its first request (ISR). */
export function generateStaticParams(): { key: string[] }[] {
  return [];
}

type Props = { params: Promise<{ key?: string[] }> };

/** The /products search params encoded in the path after /cached/products, or null for an address that is not ours. */
function productsQuery(key: string[] = []): RawSearchParams | null {
  if (key[0] === 'search' && key.length === 2) {
    const word = plainWord(key[1]);
    return word ? { q: word } : null;
  }
  if (key.length > 1) return null;
  const query = queryFromKey(key[0]);
  if (!query) return null;
  const raw: RawSearchParams = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    raw[name] = values.length === 1 ? values[0] : values;
  }
  return raw;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const raw = productsQuery((await params).key);
  return raw ? productsMetadata({ searchParams: Promise.resolve(raw) }) : {};
}

export default async function CachedProductsPage({ params }: Props) {
  const raw = productsQuery((await params).key);
  if (!raw) notFound();
  return <ProductsPage searchParams={Promise.resolve(raw)} />;
}
