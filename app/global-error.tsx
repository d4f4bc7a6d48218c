'use client';
/**
 * Last-resort boundary when the root layout itself fails. It renders its own document, so it uses
 * inline styles (the global stylesheet is not loaded here).
 */
import { useEffect } from 'react';

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <html lang="en-NZ">
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif', background: '#faf8f4', color: '#1e2420' }}>
        <title>Something went wrong · Totara Home</title>
        <main style={{ maxWidth: 560, margin: '0 auto', padding: '96px 24px', textAlign: 'center' }}>
          <p style={{ fontFamily: 'Georgia, serif', fontSize: 20, color: '#2f5d50', margin: 0 }}>Totara Home</p>
          <h1 style={{ fontFamily: 'Georgia, serif', fontSize: 32, fontWeight: 400, margin: '24px 0 12px' }}>Something went wrong</h1>
          <p style={{ color: '#5c6660', margin: 0 }}>Sorry — the shop could not load. Please try again in a moment.</p>
          <div style={{ marginTop: 32, display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
            <button
              type="button"
              onClick={() => retry()}
              style={{ background: '#2f5d50', color: '#fff', border: 0, borderRadius: 999, padding: '12px 22px', fontSize: 15, cursor: 'pointer' }}
            >
              Try again
            </button>
            {/* A full page load is the point here: the app shell itself failed. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/" style={{ border: '1px solid #e6e2da', borderRadius: 999, padding: '12px 22px', fontSize: 15, color: '#1e2420', textDecoration: 'none', background: '#fff' }}>
              Go to the home page
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
