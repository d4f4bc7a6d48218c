import type { Metadata, Viewport } from 'next';
import { Toaster } from '@/components/ui/toaster';
import { siteUrl } from '@/lib/server/env';
import { pageMetadata, storeName } from '@/lib/storefront/page-metadata';
import './globals.css';

/**
 * The defaults of every page: the address links are made absolute against, the title template with
 * the store name of the settings, and the whole Open Graph set (lib/storefront/page-metadata.ts) for
 * the pages that set none of their own (the back office). Pages build theirs with pageMetadata().
 */
export async function generateMetadata(): Promise<Metadata> {
  const name = await storeName();
  const defaults = await pageMetadata({ path: null, title: `${name} — furniture for New Zealand homes`, absoluteTitle: true, description: 'Sofas, beds, storage, tables and outdoor furniture, delivered across New Zealand.' });
  return { ...defaults, metadataBase: new URL(siteUrl()), title: { default: `${name} — furniture for New Zealand homes`, template: `%s · ${name}` } };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#2f5d50' };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-NZ">
      <body className="min-h-screen antialiased">
        {children}
        <Toaster />
      </body>
    </html>
  );
}
