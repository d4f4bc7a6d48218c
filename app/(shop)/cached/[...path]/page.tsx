/**
 * The cached twins of the shopper pages (lib/ui/cached-pages.ts): /cached/home, /cached/products/
 * {query}, /cached/products/search/{word}, /cached/featured-products … render the very same page modules, but as ISR entries. No
 * path is rendered at build (generateStaticParams → [], so `next build` never opens the database);
 * each is rendered on its first request, cached with the tags of the catalogue and settings reads
 * it made (unstable_cache adds them to the page), and regenerated on the next request after an
 * admin write revalidates one of those tags ({ expire: 0 }), or in the background after a minute.
 * proxy.ts rewrites the public addresses here; pages keep their public canonical URLs.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import FaqPage, { metadata as faqMetadata } from '../../faq/page';
import FeaturedProductsPage, { metadata as featuredMetadata } from '../../featured-products/page';
import LatestProductsPage, { metadata as latestMetadata } from '../../latest-products/page';
import HomePage, { metadata as homeMetadata } from '../../page';
import ProductsPage, { generateMetadata as productsMetadata } from '../../products/page';
import PromotionalProductsPage, { generateMetadata as promotionalMetadata } from '../../promotional-products/page';
import ShippingPage, { metadata as shippingMetadata } from '../../shipping/page';
import { plainWord } from '@/lib/ui/cached-page-paths';
import { queryFromKey } from '@/lib/ui/cached-pages';
import type { RawSearchParams } from '@/lib/ui/read-product-query';

export const revalidate = 60;
export const dynamicParams = true;

/** No page at build time: every entry is rendered on its first request (ISR). */
export function generateStaticParams(): { path: string[] }[] {
  return [];
}

type Props = { params: Promise<{ path: string[] }> };

/** The promotions page without a query: its first page of every offer (paging and campaigns render per request, FIXED_PAGE_QUERY_KEYS). */
const noQuery = { searchParams: Promise.resolve({}) };

const FIXED: Record<string, { Page: () => React.ReactNode; metadata: () => Metadata | Promise<Metadata> }> = {
  home: { Page: HomePage, metadata: () => homeMetadata },
  'featured-products': { Page: FeaturedProductsPage, metadata: () => featuredMetadata },
  'latest-products': { Page: LatestProductsPage, metadata: () => latestMetadata },
  'promotional-products': { Page: () => <PromotionalProductsPage {...noQuery} />, metadata: () => promotionalMetadata(noQuery) },
  shipping: { Page: ShippingPage, metadata: () => shippingMetadata },
  faq: { Page: FaqPage, metadata: () => faqMetadata },
};

/** The /products search params encoded in the path, or null for an address that is not ours. */
function productsQuery(path: string[]): RawSearchParams | null {
  if (path[0] !== 'products') return null;
  if (path[1] === 'search' && path.length === 3) {
    // /cached/products/search/{word}: a plain one-word search, rewritten by next.config.ts.
    const word = plainWord(path[2]);
    return word ? { q: word } : null;
  }
  if (path.length > 2) return null;
  const query = queryFromKey(path[1]);
  if (!query) return null;
  const raw: RawSearchParams = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    raw[key] = values.length === 1 ? values[0] : values;
  }
  return raw;
}

function fixedPage(path: string[]) {
  return path.length === 1 && Object.hasOwn(FIXED, path[0]) ? FIXED[path[0]] : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { path } = await params;
  const fixed = fixedPage(path);
  if (fixed) return fixed.metadata();
  const raw = productsQuery(path);
  return raw ? productsMetadata({ searchParams: Promise.resolve(raw) }) : {};
}

export default async function CachedPage({ params }: Props) {
  const { path } = await params;
  const fixed = fixedPage(path);
  if (fixed) return <fixed.Page />;
  const raw = productsQuery(path);
  if (!raw) notFound();
  return <ProductsPage searchParams={Promise.resolve(raw)} />;
}
