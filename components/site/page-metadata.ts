import type { Metadata } from 'next';

/**
 * A storefront page's metadata: its title and description, its canonical `path` and the title it
 * is shared under (Open Graph; by default "{title} · Totara Home").
 */
export function pageMetadata(path: string, title: string, description: string, shareTitle = `${title} · Totara Home`): Metadata {
  return { title, description, alternates: { canonical: path }, openGraph: { title: shareTitle, url: path } };
}
