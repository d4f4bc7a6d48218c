/**
 * /admin — the dashboard (spec §2 Dashboard): Today's Sales, Today's Orders, Total Products, Total
 * Members; the To Be Processed list; Hot Selling Products; the Last 4 Weeks Sales Statistics chart.
 * Figures come from lib/orders/dashboard.ts (the same service as GET /api/dashboard), streamed
 * behind "Loading..."; a failure shows the spec's message.
 */
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AdminPageHeader, ErrorBanner, LoadingState } from '@/components/admin/status';
import { Dashboard } from '@/components/finance/admin/dashboard';
import Link from 'next/link';
import { adminNavFor } from '@/components/admin/admin-nav';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { can } from '@/lib/auth/permissions';
import type { SessionUser } from '@/lib/auth/guards';
import { getDashboard } from '@/lib/orders/dashboard';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const me = await requirePageAdmin('/admin');
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Today at a glance, what needs doing, and the last four weeks of sales." />
      <Suspense fallback={<LoadingState>Loading...</LoadingState>}>
        <DashboardContent admin={me} />
      </Suspense>
    </>
  );
}

/** The figures need orders.read; without it, the dashboard lists the screens the staff member may use. */
async function DashboardContent({ admin }: { admin: SessionUser }) {
  if (!can(admin, 'orders.read')) {
    return (
      <section aria-labelledby="your-screens" className="rounded-card border border-line bg-surface p-4">
        <h2 id="your-screens" className="font-display text-lg text-ink">
          Your screens
        </h2>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {adminNavFor(admin.permissions)
            .filter((item) => item.href !== '/admin')
            .map((item) => (
              <li key={item.href}>
                <Link href={item.href} className="text-brand underline-offset-4 hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
        </ul>
      </section>
    );
  }
  const data = await getDashboard(admin).catch((e: unknown) => void console.error('[admin] dashboard failed', e));
  return data ? <Dashboard data={data} showSales={can(admin, 'finance.read')} /> : <ErrorBanner messages={['Failed to fetch dashboard data. Please try again later.']} />;
}
