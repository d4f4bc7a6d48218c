/**
 * The storefront's shared layout: header, main content, footer (spec §2 "shared layout with header
 * and footer"). Reading the signed-in user makes these pages render per request; the catalogue
 * data inside them stays cached (lib/catalog wraps its reads in unstable_cache).
 */
import { SiteFooter } from '@/components/site/site-footer';
import { SiteHeader } from '@/components/site/site-header';
import { currentUser } from '@/lib/auth/current-user';
import { getCategoryTree } from '@/lib/catalog/queries';
import type { Viewer } from '@/lib/ui/site-nav';
import './shop.css';

/**
 * Every storefront page renders per request. Without this, `next build` would start prerendering a
 * page (and its catalogue reads) before the layout's headers() call marks it dynamic — opening the
 * database at build time.
 */
export const dynamic = 'force-dynamic';

export default async function ShopLayout({ children }: { children: React.ReactNode }) {
  // The category tree is a cached read, the same for everyone (the phone menu's rooms).
  const [user, rooms] = await Promise.all([currentUser(), getCategoryTree()]);
  const viewer: Viewer = user ? { userName: user.userName, isAdmin: user.isAdmin } : null;
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <SiteHeader viewer={viewer} rooms={rooms} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter viewer={viewer} />
    </div>
  );
}
