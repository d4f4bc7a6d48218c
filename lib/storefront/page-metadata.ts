/**
 * Every page's metadata from the site's defaults, so that none is lost when Next.js merges
 * a page's metadata over its layout's.
 *
 * Next.js replaces a parent's `openGraph` with a page's own instead of merging the two, so a page
 * that set only a title and a URL lost the layout's og:type, og:site_name and og:locale. Every
 * page therefore builds its whole set here: title, description, canonical, robots, the Open Graph
 * object (type, site name from the settings, locale en_NZ, URL, title, description, a 1200 × 630
 * PNG with its alt text) and a summary_large_image card (which takes the same picture).
 *
 * Share pictures are `opengraph-image` routes (ImageResponse): a product page's is the file in its
 * own segment (app/(shop)/products/[id]/opengraph-image.tsx), which Next.js adds when the page's
 * openGraph leaves `images` out; every other page names one of SHARE_IMAGES.
 */
import 'server-only';
import type { Metadata } from 'next';
import { getStoreIdentity } from '@/lib/settings/queries';

/** og:locale of every page (the shop's pages are in New Zealand English). */
export const SITE_LOCALE = 'en_NZ';

/** Width and height of every share picture, px (the size the large social networks show). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** A share picture: a site-relative address and the text that describes it. */
export type ShareImage = { url: string; alt: string };

/**
 * The shared pictures that are not a product's (app/og/[scene]/opengraph-image.tsx): the shop's
 * own, and one per room for the listings of that room.
 */
export const SHARE_IMAGES = {
  shop: (storeName: string): ShareImage => ({ url: '/og/shop/opengraph-image', alt: `${storeName} — furniture for New Zealand homes` }),
  room: (slug: string, roomName: string, storeName: string): ShareImage => ({ url: `/og/${slug}/opengraph-image`, alt: `${roomName} furniture at ${storeName}` }),
};

/** The store name of the settings (getStoreIdentity: the default while `next build` prerenders, which never opens the database). */
export async function storeName(): Promise<string> {
  return (await getStoreIdentity()).storeName;
}

export type PageMetadataInput = {
  /** The page's address, site-relative ("/products/12"); og:url and, unless `canonical` says otherwise, the canonical. Null for pages that have no address of their own to share (not-found). */
  path: string | null;
  /** The page title; the root layout's template adds " · {store name}". */
  title: string;
  /** Take `title` as the whole title (the home page). */
  absoluteTitle?: boolean;
  /** Meta and Open Graph description; keep it within 160 characters (see metaDescription). */
  description?: string;
  /** The canonical address when it is not `path` (a filtered listing points to its room). */
  canonical?: string;
  /** The share picture: one of SHARE_IMAGES, or 'segment' when an opengraph-image file of the page's own segment supplies it; default the shop's. */
  image?: ShareImage | 'segment';
  /** Keep the page out of the index (its links are still followed). */
  noindex?: boolean;
};

/**
 * The page's Metadata (see the module comment). Reads the store name from the settings (cached;
 * revalidated when the settings are saved).
 */
export async function pageMetadata(input: PageMetadataInput): Promise<Metadata> {
  const name = await storeName();
  const shareTitle = input.absoluteTitle ? input.title : `${input.title} · ${name}`;
  const image = input.image ?? SHARE_IMAGES.shop(name);
  const canonical = input.canonical ?? input.path;
  const title = documentTitle(input.title, input.absoluteTitle ? null : name);
  return {
    title: title.withStoreName ? input.title : { absolute: title.text },
    ...(input.description && { description: input.description }),
    ...(canonical && { alternates: { canonical } }),
    ...(input.noindex && { robots: { index: false, follow: true } }),
    openGraph: {
      type: 'website',
      siteName: name,
      locale: SITE_LOCALE,
      title: shareTitle,
      ...(input.description && { description: input.description }),
      ...(input.path && { url: canonical ?? input.path }),
      // Left out, not empty, when the page's own opengraph-image file supplies the picture: Next.js adds a
      // file's picture only when the segment's metadata has no `images` key.
      ...(image !== 'segment' && { images: [{ url: image.url, alt: image.alt, ...SHARE_IMAGE_SIZE, type: 'image/png' }] }),
    },
    // The card takes the Open Graph picture, title and description.
    twitter: { card: 'summary_large_image' },
  };
}

/** Most characters of a page's <title>: search results cut longer ones (about 600 px). */
export const TITLE_MAX = 59;

/**
 * The <title> of a page called `title` in a shop called `storeName` (null: the title stands alone),
 * at most `max` characters: "{title} · {store name}" when it fits (the root layout's template adds
 * the name, `withStoreName`); else the title alone; else the title cut at the last whole word that
 * leaves room for "…", its trailing punctuation dropped. The page's h1 keeps the full name.
 */
export function documentTitle(title: string, storeName: string | null, max = TITLE_MAX): { text: string; withStoreName: boolean } {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (storeName !== null && `${clean} · ${storeName}`.length <= max) return { text: `${clean} · ${storeName}`, withStoreName: true };
  if (clean.length <= max) return { text: clean, withStoreName: false };
  const cut = clean.slice(0, max - 1);
  const atWord = /\s/.test(clean[max - 1] ?? '') ? cut : cut.replace(/\s+\S*$/, '');
  return { text: `${(atWord || cut).replace(/[\s,;:.\-–—·]+$/, '')}…`, withStoreName: false };
}

/**
 * A meta description of at most `max` characters (160: what search results show before cutting
 * it) that ends on a whole word: a longer text is cut at the last space before the limit and ends
 * with "…" (counted), its trailing punctuation dropped.
 */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const atWord = /\s/.test(clean[max - 1] ?? '') ? cut : cut.replace(/\s+\S*$/, '');
  return `${(atWord || cut).replace(/[\s,;:.\-–—]+$/, '')}…`;
}
