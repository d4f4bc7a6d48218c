/**
 * The storefront's shared layout: header, main content, footer (spec §2 "shared layout with header
 * and footer"). It reads nothing about the request: who is signed in is asked for by the browser
 * (components/site/viewer.tsx), so the shopper pages inside can be served from the page cache
 * (lib/storefront/page-cache.ts). Pages that need the user (cart, checkout, profile …) read it themselves
 * and render per request.
 */
import { SiteFooter } from '@/components/site/site-footer';
import { SiteHeader } from '@/components/site/site-header';
import { ViewerProvider } from '@/components/site/viewer';
import { getStoreIdentity } from '@/lib/settings/queries';
import './shop.css';

export default async function ShopLayout({ children }: { children: React.ReactNode }) {
  // The store name and support address of the settings: cached under the settings tag, so saving
  // the settings drops every cached page and they render again with the new values.
  const store = await getStoreIdentity();
  return (
    <ViewerProvider>
      <div className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:shadow">
          Skip to content
        </a>
        <SiteHeader store={store} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter store={store} />
      </div>
    </ViewerProvider>
  );
}
