/** The site-wide 404 for addresses outside every route (pages inside the shop use (shop)/not-found). */
import type { Metadata } from 'next';
import { BrandMark } from '@/components/site/brand-mark';
import { Container } from '@/components/ui/container';
import { NotFoundContent } from '@/components/ui/not-found-content';
import { getStoreIdentity } from '@/lib/settings/queries';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

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
