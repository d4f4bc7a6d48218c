/**
 * sitemap.xml: home, the static pages, the catalogue lists and every product page.
 * Rendered per request (never at build time, so `next build` does not open the database); the
 * product list itself is a cached catalogue read.
 */
import type { MetadataRoute } from 'next';
import { listProductIdsForSitemap } from '@/lib/catalog/read/queries';
import { siteUrl } from '@/lib/server/env';

export const dynamic = 'force-dynamic';

const STATIC: { path: string; priority: number; changeFrequency: MetadataRoute.Sitemap[number]['changeFrequency'] }[] = [
  { path: '/', priority: 1, changeFrequency: 'daily' },
  { path: '/products', priority: 0.9, changeFrequency: 'daily' },
  { path: '/featured-products', priority: 0.7, changeFrequency: 'weekly' },
  { path: '/latest-products', priority: 0.7, changeFrequency: 'daily' },
  { path: '/promotional-products', priority: 0.7, changeFrequency: 'daily' },
  { path: '/about', priority: 0.4, changeFrequency: 'monthly' },
  { path: '/contact', priority: 0.4, changeFrequency: 'monthly' },
  { path: '/faq', priority: 0.4, changeFrequency: 'monthly' },
  { path: '/shipping', priority: 0.4, changeFrequency: 'monthly' },
  { path: '/returns', priority: 0.4, changeFrequency: 'monthly' },
  { path: '/privacy', priority: 0.2, changeFrequency: 'yearly' },
  { path: '/terms', priority: 0.2, changeFrequency: 'yearly' },
];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = siteUrl();
  const products = await listProductIdsForSitemap();
  return [
    ...STATIC.map((s) => ({ url: `${base}${s.path}`, changeFrequency: s.changeFrequency, priority: s.priority })),
    ...products.map((p) => ({
      url: `${base}/products/${p.id}`,
      lastModified: p.updatedAt,
      changeFrequency: 'weekly' as const,
      priority: 0.6,
    })),
  ];
}
