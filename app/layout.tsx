import type { Metadata, Viewport } from 'next';
import { Toaster } from '@/components/ui/toaster';
import { siteUrl } from '@/lib/server/env';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: 'Totara Home — furniture for New Zealand homes', template: '%s · Totara Home' },
  description: 'Sofas, beds, storage, tables and outdoor furniture, delivered across New Zealand.',
  openGraph: { siteName: 'Totara Home', type: 'website', locale: 'en_NZ' },
};

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
