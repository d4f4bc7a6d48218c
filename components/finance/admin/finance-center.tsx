'use client';
/**
 * Finance Center (spec §2, beyond the spec's sample data): the Generate Financial Report form, then
 * tabs for the transaction history (with Add Transaction), invoices and payouts (with Record
 * Payout). Each list starts from the page the server read and pages through the API; amounts in
 * the store currency.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { Pager } from '@/components/admin/pager';
import { api } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/routes';
import { formatMoney } from '@/lib/money';
import { EntryForm } from './entry-form';
import { payoutForm, transactionForm } from './entry-forms';
import { invoiceColumns, payoutColumns, transactionColumns } from './finance-columns';
import { FinanceTable, type Column } from './finance-table';
import { ReportForm } from './report-form';
import { useFinancePage } from './use-finance-page';

type Transactions = ResponseOf<'/api/finance/transactions', 'GET'>;
type Invoices = ResponseOf<'/api/finance/invoices', 'GET'>;
type Payouts = ResponseOf<'/api/finance/payouts', 'GET'>;

type Props = {
  currency: string;
  /** YYYY-MM-DD in the store's time zone: the forms' default date. */
  today: string;
  transactions: Transactions;
  invoices: Invoices;
  payouts: Payouts;
};

const tabClass =
  'rounded-lg px-3 py-1.5 text-sm text-muted transition-colors hover:text-ink data-[state=active]:bg-surface data-[state=active]:font-medium data-[state=active]:text-ink data-[state=active]:shadow-sm';

/** The totals of every transaction and payout (all pages): the figures the report's totals rows give for a range. */
function FinanceTotals({ totals, money }: { totals: Transactions['totals']; money: (n: number) => string }) {
  const figures = [
    { label: 'Income', value: money(totals.income), note: `GST ${money(totals.gst_collected)}` },
    { label: 'Expenses', value: `${totals.expenses > 0 ? '−' : ''}${money(totals.expenses)}`, note: `GST ${totals.gst_refunded > 0 ? '−' : ''}${money(totals.gst_refunded)}` },
    { label: 'Net', value: money(totals.net), note: `GST ${money(totals.gst_net)}` },
    { label: 'Payouts', value: money(totals.payouts), note: 'Paid out to the owner' },
  ];
  return (
    <section aria-label="Totals" data-testid="finance-totals">
      <h2 className="mb-2 text-sm font-medium text-muted">Totals, all time</h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((f) => (
          <div key={f.label} className="rounded-xl border border-line bg-surface p-4">
            <dt className="text-sm text-muted">{f.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums text-ink">{f.value}</dd>
            <dd className="mt-0.5 text-xs tabular-nums text-muted">{f.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A page of a finance list: the table, and Previous / Next when there is more than one page. */
function PagedList<T>({ list, rows, ...table }: { list: ReturnType<typeof useFinancePage<{ currentPage: number; totalPages: number }>>; rows: T[]; label: string; columns: Column<T>[]; rowKey: (row: T) => string | number; empty: string }) {
  return (
    <section aria-label={table.label}>
      <FinanceTable {...table} rows={rows} stacked busy={list.loading} />
      {list.data.totalPages > 1 ? <Pager page={list.data.currentPage} totalPages={list.data.totalPages} onPage={list.load} disabled={list.loading} /> : null}
    </section>
  );
}

export function FinanceCenter({ currency, today, transactions: firstTransactions, invoices: firstInvoices, payouts: firstPayouts }: Props) {
  const money = (n: number) => formatMoney(n, currency);
  const transactions = useFinancePage(firstTransactions, api.finance.transactions);
  const invoices = useFinancePage(firstInvoices, api.finance.invoices);
  const payouts = useFinancePage(firstPayouts, api.finance.payouts);

  const sections = [
    {
      value: 'transactions',
      label: 'Transactions',
      list: <PagedList label="Transaction history" list={transactions} rows={transactions.data.transactions} columns={transactionColumns(money)} rowKey={(t) => t.id} empty="No transactions yet." />,
      form: <EntryForm {...transactionForm(today)} onAdded={() => transactions.load(1)} />,
    },
    {
      value: 'invoices',
      label: 'Invoices',
      list: <PagedList label="Invoices" list={invoices} rows={invoices.data.invoices} columns={invoiceColumns(money)} rowKey={(i) => i.order_id} empty="No invoices yet: they appear as orders are placed." />,
    },
    {
      value: 'payouts',
      label: 'Payouts',
      list: <PagedList label="Payouts" list={payouts} rows={payouts.data.payouts} columns={payoutColumns(money)} rowKey={(p) => p.id} empty="No payouts recorded yet." />,
      form: <EntryForm {...payoutForm(today)} onAdded={() => payouts.load(1)} />,
    },
  ];

  return (
    <div className="space-y-6">
      <FinanceTotals totals={transactions.data.totals} money={money} />
      <ReportForm today={today} currency={currency} />
      <Tabs.Root defaultValue="transactions" className="space-y-4">
        <Tabs.List aria-label="Finance sections" className="inline-flex flex-wrap gap-1 rounded-xl bg-brand-soft/60 p-1">
          {sections.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value} className={tabClass}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {sections.map(({ value, list, form }) => (
          <Tabs.Content key={value} value={value}>
            {form ? (
              <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
                {list}
                {form}
              </div>
            ) : (
              list
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
