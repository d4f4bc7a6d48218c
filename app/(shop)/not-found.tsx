/** 404 inside the storefront (an unknown product id), with the shop's header and footer. */
import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/ui/not-found-content';
import { pageMetadata } from '@/lib/storefront/page-metadata';

export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({ path: null, title: 'Page not found', noindex: true });
}

export default function ShopNotFound() {
  return <NotFoundContent />;
}
