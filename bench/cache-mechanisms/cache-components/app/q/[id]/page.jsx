import { Suspense } from 'react';
import { connection } from 'next/server';
import { cacheLife, cacheTag } from 'next/cache';
import { Listing, loadListing } from '../../../../listing';

/**
 * Data cached, page rendered per request: what a page without build-time params must be under
 * Cache Components when the build may not read the database (connection() defers it to the request).
 */
async function cachedListing(id) {
  'use cache';
  cacheLife('minutes');
  cacheTag(`listing:${id}`);
  return loadListing(id);
}

async function Body({ params }) {
  await connection();
  const { id } = await params;
  return <Listing id={id} rows={await cachedListing(id)} />;
}

export default function Page({ params }) {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <Body params={params} />
    </Suspense>
  );
}
