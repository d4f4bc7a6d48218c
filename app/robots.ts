/**
 * robots.txt: crawl the storefront, not the back office, the API or personal pages.
 * Dynamic so the sitemap address follows SITE_URL at run time rather than at build time.
 */
import type { MetadataRoute } from 'next';
import { siteUrl } from '@/lib/server/env';

export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const base = siteUrl();
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      // "/order" also covers /orders and /order-confirmation (robots rules are prefixes).
      // /cached/… are the internal addresses of the cached shopper pages (lib/storefront/page-cache.ts).
      disallow: ['/admin', '/api', '/cart', '/cached', '/checkout', '/order', '/profile'],
    },
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
