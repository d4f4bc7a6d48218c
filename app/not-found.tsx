/** The site-wide 404 for addresses outside every route (pages inside the shop use (shop)/not-found). */
import type { Metadata } from 'next';
import { BrandMark } from '@/components/site/brand-mark';
import { Container } from '@/components/ui/container';
import { NotFoundContent } from '@/components/ui/not-found-content';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { getStoreIdentity } from '@/lib/settings/queries';

export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: null, title: 'Page not found', noindex: true });

export default async function NotFound() {
  const { storeName } = await getStoreIdentity();
  return (
    <>
      <header className="border-b border-line bg-surface">
        <Container className="flex h-16 items-center">
          <BrandMark name={storeName} />
        </Container>
      </header>
      <main id="main">
        <NotFoundContent />
      </main>
    </>
  );
}
