/**
 * GET /og/{scene}/opengraph-image — the share picture (og:image) of every page that is not a
 * product's: `shop` for the shop itself (home, information pages, account pages),
 * a room's slug for the listings of that room (lib/storefront/page-metadata.ts SHARE_IMAGES).
 * A 1200 × 630 PNG; an unknown scene answers 404.
 *
 * Cached like the pages that name it: none at build (the build never opens the database), each on
 * its first request, then kept under the settings' and categories' cache tags (a renamed store or
 * room redraws it) and refreshed at most every minute.
 */
import { ImageResponse } from 'next/og';
import { notFound } from 'next/navigation';
import { SceneShareCard } from '@/components/site/share-card';
import { displayName } from '@/components/products/facet-types';
import { getCategoryTree } from '@/lib/catalog/read/queries';
import { SHARE_IMAGE_SIZE, storeName } from '@/lib/storefront/page-metadata';
import { roomSharePicture, shopSharePictures } from '@/lib/storefront/share-picture';

export const revalidate = 60;
export const dynamicParams = true;
export const size = SHARE_IMAGE_SIZE;
export const contentType = 'image/png';

/** No picture at build time. */
export function generateStaticParams(): { scene: string }[] {
  return [];
}

export default async function SceneImage({ params }: { params: Promise<{ scene: string }> }) {
  const { scene } = await params;
  const name = await storeName();
  if (scene === 'shop') {
    return new ImageResponse(<SceneShareCard storeName={name} room={null} tagline="Sofas, beds, dining, storage and outdoor furniture, delivered across New Zealand." pictures={await shopSharePictures()} />, SHARE_IMAGE_SIZE);
  }
  const room = (await getCategoryTree()).find((r) => r.slug === scene);
  if (!room) notFound();
  const kinds = room.subcategories.slice(0, 3).map((s) => displayName(s.name));
  return new ImageResponse(
    <SceneShareCard storeName={name} room={room.name} tagline={kinds.length > 0 ? kinds.join(' · ') : 'Delivered across New Zealand'} pictures={[await roomSharePicture(room.name)]} />,
    SHARE_IMAGE_SIZE,
  );
}
