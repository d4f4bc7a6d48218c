'use client';
/**
 * "Last 4 Weeks Sales Statistics" (spec §2 Dashboard, §9): a bar chart of daily paid sales, 300 px
 * high, dates on the x axis with every 7th labelled and angled.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@/lib/money';

type Point = { date: string; sales: number };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-11-22" → "22 Nov" (the date is already the store's calendar day). */
const shortDate = (iso: string) => {
  const [, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m - 1] ?? ''}`;
};

const compact = (currency: string) => {
  const f = new Intl.NumberFormat('en-NZ', { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  return (v: number) => f.format(v);
};

export function SalesChart({ data, currency }: { data: Point[]; currency: string }) {
  return (
    <div data-testid="sales-chart" className="h-[300px] w-full">
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-line)" />
          <XAxis
            dataKey="date"
            interval={6}
            angle={-35}
            textAnchor="end"
            height={56}
            tickFormatter={shortDate}
            tick={{ fontSize: 12, fill: 'var(--color-muted)' }}
            tickLine={false}
            axisLine={{ stroke: 'var(--color-line)' }}
          />
          <YAxis width={64} tickFormatter={compact(currency)} tick={{ fontSize: 12, fill: 'var(--color-muted)' }} tickLine={false} axisLine={false} />
          <Tooltip
            cursor={{ fill: 'var(--color-brand-soft)' }}
            labelFormatter={(label) => shortDate(String(label))}
            formatter={(value) => [formatMoney(Number(value), currency), 'Sales']}
          />
          <Bar dataKey="sales" name="Sales" fill="var(--color-brand)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
