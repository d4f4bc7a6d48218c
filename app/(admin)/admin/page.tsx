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
import { requirePageAdmin } from '@/lib/auth/current-user';
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

async function DashboardContent({ admin }: { admin: SessionUser }) {
  const data = await getDashboard(admin).catch((e: unknown) => void console.error('[admin] dashboard failed', e));
  return data ? <Dashboard data={data} /> : <ErrorBanner messages={['Failed to fetch dashboard data. Please try again later.']} />;
}
