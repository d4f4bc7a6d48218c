/**
 * The Lighthouse control: the smallest App Router page this Next.js and React can serve, built and
 * measured by bench/lighthouse.sh in the same run as the shop's pages. It is the ceiling a shop
 * page can reach on the machine at hand, as /api/health is for throughput: what Lighthouse charges
 * it is the framework's own cost (React, the router) under its simulated phone and CPU.
 */
export const metadata = { title: 'Lighthouse control' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif' }}>{children}</body>
    </html>
  );
}
