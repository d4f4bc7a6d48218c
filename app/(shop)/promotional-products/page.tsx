/**
 * /promotional-products: every product on promotion (spec §2 routes, §3 Promotion group, §7 GET
 * /products/promotions), like a shop's "Sale" page: one grid, biggest saving first, 24 a page with
 * numbered paging, and the campaigns as chips that narrow the grid (`?campaign={name}&page={n}`).
 * Empty: "No promotional offers available."; failures, including data of the wrong shape, reach the
 * error boundary ("Failed to load promotions…").
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import clsx from 'clsx';
import { ListPage } from '@/components/products/list-page';
import { Pagination } from '@/components/products/pagination';
import { ProductGrid } from '@/components/products/product-grid';
import { toCardProduct } from '@/components/products/types';
import { Notice } from '@/components/ui/notice';
import { listPromotedProducts } from '@/lib/catalog/read/queries';
import { CATALOGUE_MESSAGES } from '@/lib/storefront/catalog-messages';
import type { RawSearchParams } from '@/lib/catalog/query-schema';
import { promotionsPageQuery } from '@/lib/catalog/query-schema';
import { pageMetadata } from '@/lib/storefront/page-metadata';

/** Rendered per request at this address; without paging or a campaign shoppers get it from the page cache via /cached/… (lib/storefront/page-cache.ts). */
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<RawSearchParams> };

const PAGE_SIZE = 24;

/** The page's address for a campaign (none: every offer) and a page (1 is left out). */
function promotionsHref(campaign: string | undefined, page = 1): string {
  const p = new URLSearchParams();
  if (campaign) p.set('campaign', campaign);
  if (page > 1) p.set('page', String(page));
  const qs = p.toString();
  return qs ? `/promotional-products?${qs}` : '/promotional-products';
}

/** page and campaign from the URL; a malformed value falls back to page 1 of every offer. */
async function readQuery(searchParams: Promise<RawSearchParams>): Promise<{ page: number; campaign?: string }> {
  const parsed = promotionsPageQuery.safeParse(await searchParams);
  return { page: Math.max(1, parsed.data?.page ?? 1), campaign: parsed.data?.campaign };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { page, campaign } = await readQuery(searchParams);
  const title = `${campaign ?? 'Promotional Products'}${page > 1 ? ` — page ${page}` : ''}`;
  return pageMetadata({ path: promotionsHref(campaign, page), title, description: 'Furniture on sale at Totara Home: limited-time prices on sofas, beds, dining, storage and outdoor pieces.' });
}

const chip = 'inline-flex h-9 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border px-3.5 text-sm';

export default async function PromotionalProductsPage({ searchParams }: Props) {
  const { page, campaign } = await readQuery(searchParams);
  const list = await listPromotedProducts({ page, limit: PAGE_SIZE, campaign });
  if (!list || !Array.isArray(list.products) || !Array.isArray(list.campaigns)) {
    throw new Error('Promotions: unexpected data from the catalogue');
  }
  // The read clamps the page to 1..totalPages; the address follows.
  if (page > list.totalPages) redirect(promotionsHref(campaign, list.totalPages));
  const everyOffer = list.campaigns.reduce((sum, c) => sum + c.count, 0);

  return (
    <ListPage title="Promotional Products" lead="Limited-time prices on pieces from across the store, while stocks last. Biggest savings first.">
      {everyOffer === 0 ? (
        <Notice title={CATALOGUE_MESSAGES.promotionsEmpty} testId="promotions-empty" />
      ) : (
        <>
          <nav aria-label="Campaigns" className="relative -mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
            <ul className="flex gap-2 sm:flex-wrap">
              {[{ name: undefined, label: 'All offers', count: everyOffer }, ...list.campaigns.map((c) => ({ name: c.name, label: c.name, count: c.count }))].map((c) => {
                const current = c.name === campaign;
                return (
                  <li key={c.label}>
                    <Link
                      href={promotionsHref(c.name)}
                      aria-current={current ? 'page' : undefined}
                      className={clsx(chip, current ? 'border-ink bg-ink text-white' : 'border-line bg-surface text-ink hover:border-brand hover:text-brand-dark')}
                      data-testid="campaign-link"
                    >
                      {c.label}
                      <span className={clsx('text-xs tabular-nums', current ? 'text-white/80' : 'text-muted')}>
                        {c.count}
                        <span className="sr-only"> offers</span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="mb-5 mt-4 flex flex-wrap items-baseline justify-between gap-2">
            <p className="text-sm text-muted" data-testid="result-count">
              {list.total.toLocaleString('en-NZ')} {list.total === 1 ? 'offer' : 'offers'}
              {list.totalPages > 1 && ` · page ${list.currentPage} of ${list.totalPages}`}
            </p>
            <Link href="/products?on_sale=1" className="text-sm font-medium text-brand-dark underline underline-offset-4">
              Filter offers by room, style and size
            </Link>
          </div>
          {list.products.length > 0 ? (
            // The cards' names are the page's second level, as on the other curated lists (an h3 under the h1 skipped a level).
            <ProductGrid products={list.products.map(toCardProduct)} headingLevel="h2" eager />
          ) : (
            <Notice title="No offers in this campaign right now" testId="campaign-empty">
              <p>
                See <Link href={promotionsHref(undefined)} className="font-medium text-brand-dark underline underline-offset-4">all current offers</Link> instead.
              </p>
            </Notice>
          )}
          <div className="mt-10">
            <Pagination page={list.currentPage} totalPages={list.totalPages} hrefFor={(p) => promotionsHref(campaign, p)} />
          </div>
        </>
      )}
    </ListPage>
  );
}
