import type { Metadata } from 'next';

/**
 * A storefront page's metadata: its title and description, its canonical `path` and the title it
 * is shared under (Open Graph; by default the title itself: the store name of the settings is the
 * Open Graph site name, set by the root layout).
 */
export function pageMetadata(path: string, title: string, description: string, shareTitle = title): Metadata {
  return { title, description, alternates: { canonical: path }, openGraph: { title: shareTitle, url: path } };
}
