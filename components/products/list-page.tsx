/** Frame of the curated lists (featured, latest, promotional): breadcrumbs, heading, lead. */
import Link from 'next/link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Container } from '@/components/ui/container';
import { Notice } from '@/components/ui/notice';
import { PageHeading } from '@/components/ui/page-heading';
import type { ProductJson } from '@/lib/catalog/types';
import { ProductGrid } from './product-grid';

export function ListPage({ title, lead, children }: { title: string; lead: string; children: React.ReactNode }) {
  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: 'Products', href: '/products' }, { label: title }]} />
      <PageHeading title={title} lead={lead} className="mb-8 mt-4" />
      {children}
    </Container>
  );
}

/** A curated list's products in a grid, or — when there are none — `emptyTitle` and a link to the full range. */
export function ListGrid({ products, emptyTitle }: { products: ProductJson[]; emptyTitle: string }) {
  if (products.length > 0) return <ProductGrid products={products} headingLevel="h2" eager />;
  return (
    <Notice title={emptyTitle}>
      <p>
        Browse the <Link href="/products" className="font-medium text-brand-dark underline underline-offset-4">full range</Link> instead.
      </p>
    </Notice>
  );
}

/** Loading placeholder for a list page, with its spoken message. */
export function ListLoading({ title, message }: { title: string; message: string }) {
  return (
    <Container className="py-6 sm:py-10">
      <h1 className="mt-8 font-display text-3xl text-ink sm:text-4xl">{title}</h1>
      <p role="status" className="mt-3 text-muted" data-testid="list-loading">
        {message}
      </p>
      <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface">
            <div className="aspect-[4/3] animate-pulse bg-[#efebe3]" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-2/3 animate-pulse rounded bg-[#efebe3]" />
              <div className="h-4 w-1/4 animate-pulse rounded bg-[#efebe3]" />
            </div>
          </div>
        ))}
      </div>
    </Container>
  );
}
