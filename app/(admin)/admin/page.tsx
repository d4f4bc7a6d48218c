/**
 * /admin — the dashboard (spec §2 Dashboard): Today's Sales, Today's Orders, Total Products, Total
 * Members; the To Be Processed list; Hot Selling Products; the Last 4 Weeks Sales Statistics chart.
 * Figures come from lib/finance/dashboard (the same service as GET /api/dashboard), streamed behind
 * "Loading..."; a failure shows the spec's message.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { AdminPageHeader, ErrorBanner, LoadingState } from '@/components/admin/status';
import { getDashboard, type DashboardData } from '@/lib/finance/dashboard';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { formatMoney } from '@/lib/money';
import { SalesChart } from './sales-chart';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Dashboard' };

const DASHBOARD_ERROR = 'Failed to fetch dashboard data. Please try again later.';

export default async function DashboardPage() {
  await requirePageAdmin('/admin');
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Today at a glance, what needs doing, and the last four weeks of sales." />
      <Suspense fallback={<LoadingState>Loading...</LoadingState>}>
        <DashboardContent />
      </Suspense>
    </>
  );
}

async function DashboardContent() {
  let data: DashboardData;
  try {
    data = await getDashboard();
  } catch (e) {
    console.error('[admin] dashboard failed', e);
    return <ErrorBanner messages={[DASHBOARD_ERROR]} />;
  }
  return <Dashboard data={data} />;
}

function Dashboard({ data }: { data: DashboardData }) {
  const { summary, toBeProcessed: q } = data;
  const cards = [
    { label: "Today's Sales", value: formatMoney(summary.dailySales, data.currency), testId: 'daily-sales' },
    { label: "Today's Orders", value: summary.dailyOrders.toLocaleString('en-NZ'), testId: 'daily-orders' },
    { label: 'Total Products', value: summary.totalProducts.toLocaleString('en-NZ'), testId: 'total-products' },
    { label: 'Total Members', value: summary.totalUsers.toLocaleString('en-NZ'), testId: 'total-users' },
  ];
  const queue = [
    { label: 'Pending Payment', hint: 'Placed, not yet paid', value: q.pendingPayment, href: '/admin/order?status=pending' },
    { label: 'Pending Shipment', hint: 'Processing', value: q.pendingShipment, href: '/admin/order?status=processing' },
    { label: 'Pending Receipt', hint: 'Shipped, on the way', value: q.pendingReceipt, href: '/admin/order?status=shipped' },
    { label: 'Pending Resolution', hint: 'Cancelled but paid', value: q.pendingResolution, href: '/admin/order?status=cancelled' },
    { label: 'Refunds', hint: 'Payments refunded', value: q.refunds, href: '/admin/finance' },
  ];
  return (
    <div className="space-y-6">
      <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((c) => (
          <div key={c.label} className="rounded-card border border-line bg-surface p-4">
            <p className="text-xs font-medium uppercase tracking-wide text-muted">{c.label}</p>
            <p className="mt-2 font-display text-2xl text-ink md:text-3xl" data-testid={c.testId}>
              {c.value}
            </p>
          </div>
        ))}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="chart-title" className="rounded-card border border-line bg-surface p-4 lg:col-span-2">
          <h2 id="chart-title" className="font-display text-lg text-ink">
            Last 4 Weeks Sales Statistics
          </h2>
          <p className="mb-3 text-xs text-muted">
            Paid sales per day, {data.timeZone.replace(/_/g, ' ')} time, {data.currency}
          </p>
          <SalesChart data={data.salesData} currency={data.currency} />
        </section>

        <section aria-labelledby="queue-title" className="rounded-card border border-line bg-surface p-4">
          <h2 id="queue-title" className="mb-3 font-display text-lg text-ink">
            To Be Processed
          </h2>
          <ul className="divide-y divide-line" data-testid="to-be-processed">
            {queue.map((item) => (
              <li key={item.label}>
                <Link href={item.href} className="flex items-center justify-between gap-3 rounded-md px-1 py-2.5 hover:bg-brand-soft/50">
                  <span>
                    <span className="block text-sm font-medium text-ink">{item.label}</span>
                    <span className="block text-xs text-muted">{item.hint}</span>
                  </span>
                  <span className={item.value > 0 ? 'rounded-full bg-brand-soft px-2.5 py-0.5 text-sm font-semibold text-brand' : 'px-2.5 text-sm text-muted'}>
                    {item.value}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="hot-title">
        <h2 id="hot-title" className="mb-3 font-display text-lg text-ink">
          Hot Selling Products
        </h2>
        <AdminTable label="Hot Selling Products">
          <thead>
            <tr>
              <Th>Product Name</Th>
              <Th>Category</Th>
              <Th className="text-right">Sales</Th>
            </tr>
          </thead>
          <tbody>
            {data.hotProducts.length === 0 ? (
              <EmptyRow colSpan={3}>No paid sales in the last four weeks yet.</EmptyRow>
            ) : (
              data.hotProducts.map((p, i) => (
                <Tr key={`${p.name}-${i}`}>
                  <Td className="font-medium text-ink">{p.name}</Td>
                  <Td className="text-muted">{p.category.replace(/_/g, ' ')}</Td>
                  <Td className="text-right tabular-nums">{p.sales}</Td>
                </Tr>
              ))
            )}
          </tbody>
        </AdminTable>
        <p className="mt-2 text-xs text-muted">Units sold in paid orders over the last four weeks.</p>
      </section>
    </div>
  );
}
