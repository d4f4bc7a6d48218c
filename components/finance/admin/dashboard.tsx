/**
 * The dashboard's figures (spec §2 Dashboard): Today's Sales, Today's Orders, Total Products, Total
 * Members; the To Be Processed list, each entry a link to the orders (or finance) it counts; the
 * Last 4 Weeks Sales Statistics chart; Hot Selling Products. Rendered on the server from
 * lib/orders/dashboard.ts.
 */
import Link from 'next/link';
import type { DashboardData } from '@/lib/finance/contracts';
import { formatMoney } from '@/lib/money';
import { FinanceTable, type Column } from './finance-table';
import { SalesChart } from './sales-chart';

type HotProduct = DashboardData['hotProducts'][number];

const HOT_COLUMNS: Column<HotProduct>[] = [
  { label: 'Product Name', cell: (p) => p.name, className: 'font-medium text-ink' },
  { label: 'Category', cell: (p) => p.category.replace(/_/g, ' '), className: 'text-muted' },
  { label: 'Sales', right: true, cell: (p) => p.sales, className: 'text-right tabular-nums' },
];

/** `showSales`: the staff member holds finance.read — the sales figures and chart, and the Refunds entry that links to Finance. */
export function Dashboard({ data, showSales = true }: { data: DashboardData; showSales?: boolean }) {
  const { summary, toBeProcessed: q } = data;
  const cards = [
    ...(showSales ? [{ label: "Today's Sales", value: formatMoney(summary.dailySales, data.currency), testId: 'daily-sales' }] : []),
    { label: "Today's Orders", value: summary.dailyOrders.toLocaleString('en-NZ'), testId: 'daily-orders' },
    { label: 'Total Products', value: summary.totalProducts.toLocaleString('en-NZ'), testId: 'total-products' },
    { label: 'Total Members', value: summary.totalUsers.toLocaleString('en-NZ'), testId: 'total-users' },
  ];
  const queue = [
    { label: 'Pending Payment', hint: 'Placed, not yet paid', value: q.pendingPayment, href: '/admin/order?status=pending' },
    { label: 'Pending Shipment', hint: 'Processing', value: q.pendingShipment, href: '/admin/order?status=processing' },
    { label: 'Pending Receipt', hint: 'Shipped, on the way', value: q.pendingReceipt, href: '/admin/order?status=shipped' },
    { label: 'Pending Resolution', hint: 'Cancelled but paid', value: q.pendingResolution, href: '/admin/order?status=cancelled' },
    ...(showSales ? [{ label: 'Refunds', hint: 'Payments refunded', value: q.refunds, href: '/admin/finance' }] : []),
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
        {showSales ? (
          <section aria-labelledby="chart-title" className="rounded-card border border-line bg-surface p-4 lg:col-span-2">
            <h2 id="chart-title" className="font-display text-lg text-ink">
              Last 4 Weeks Sales Statistics
            </h2>
            <p className="mb-3 text-xs text-muted">
              Paid sales per day, {data.timeZone.replace(/_/g, ' ')} time, {data.currency}
            </p>
            <SalesChart data={data.salesData} currency={data.currency} />
          </section>
        ) : null}

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
        <FinanceTable label="Hot Selling Products" columns={HOT_COLUMNS} rows={data.hotProducts} rowKey={(p, i) => `${p.name}-${i}`} empty="No paid sales in the last four weeks yet." />
        <p className="mt-2 text-xs text-muted">Units sold in paid orders over the last four weeks.</p>
      </section>
    </div>
  );
}
