import { cacheLife, cacheTag } from 'next/cache';
import { Listing, loadListing } from '../../../../listing';

/**
 * Whole page cached: Cache Components needs at least one build-time param (an empty list is a
 * build error), and prerenders it, so in the shop the build would read the catalogue.
 */
export function generateStaticParams() {
  return [{ id: '0' }];
}

async function cachedListing(id) {
  'use cache';
  cacheLife('minutes');
  cacheTag(`listing:${id}`);
  return loadListing(id);
}

export default async function Page({ params }) {
  const { id } = await params;
  return <Listing id={id} rows={await cachedListing(id)} />;
}
