/** The site-wide 404 for addresses outside every route (pages inside the shop use (shop)/not-found). */
import type { Metadata } from 'next';
import { BrandMark } from '@/components/site/brand-mark';
import { Container } from '@/components/ui/container';
import { NotFoundContent } from '@/components/ui/not-found-content';
import { pageMetadata } from '@/lib/storefront/page-metadata';

export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: null, title: 'Page not found', noindex: true });

export default function NotFound() {
  return (
    <>
      <header className="border-b border-line bg-surface">
        <Container className="flex h-16 items-center">
          <BrandMark />
        </Container>
      </header>
      <main id="main">
        <NotFoundContent />
      </main>
    </>
  );
}
