/**
 * 404 of a product page (an unknown or archived product id): its own title, "Product not found",
 * rather than the shop's default, and a heading that says what is missing.
 */
import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/ui/not-found-content';
import { pageMetadata } from '@/lib/storefront/page-metadata';

export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({ path: null, title: 'Product not found', noindex: true });
}

export default function ProductNotFound() {
  return <NotFoundContent title="We couldn’t find that product" />;
}
