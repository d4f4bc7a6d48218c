import type { Metadata, Viewport } from 'next';
import { Toaster } from '@/components/ui/toaster';
import { siteUrl } from '@/lib/server/env';
import { getStoreIdentity } from '@/lib/settings/queries';
import './globals.css';

/** Every page's title ends with the store name of the settings, which is also the site name it is shared under. */
export async function generateMetadata(): Promise<Metadata> {
  const { storeName } = await getStoreIdentity();
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: `${storeName} — furniture for New Zealand homes`, template: `%s · ${storeName}` },
    description: 'Sofas, beds, storage, tables and outdoor furniture, delivered across New Zealand.',
    openGraph: { siteName: storeName, type: 'website', locale: 'en_NZ' },
  };
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
