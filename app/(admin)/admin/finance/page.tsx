/**
 * /admin/finance — Finance Center from real data (spec §2 Finance Center; DESIGN.md: goes beyond
 * the spec's sample data): transaction history (payments, refunds, manual entries), invoices from
 * orders, payouts, and a CSV financial report for a date range.
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { listInvoices, listPayouts, listTransactions } from '@/lib/finance/service';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { getShopSettings } from '@/lib/settings/queries';
import { FinanceCenter } from './finance-center';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Finance Center' };

/** Today's calendar day (YYYY-MM-DD) in the given zone. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

async function loadFinance() {
  const [shop, transactions, invoices, payouts] = await Promise.all([getShopSettings(), listTransactions(), listInvoices(), listPayouts()]);
  return { shop, transactions, invoices, payouts };
}

export default async function FinancePage() {
  await requirePageAdmin('/admin/finance');
  let data: Awaited<ReturnType<typeof loadFinance>> | null = null;
  try {
    data = await loadFinance();
  } catch (e) {
    console.error('[admin] finance load failed', e);
  }
  return (
    <>
      <AdminPageHeader title="Finance Center" description="Money in and out: payments, refunds, your own entries, invoices and payouts." />
      {data ? (
        <FinanceCenter currency={data.shop.currency} today={todayIn(data.shop.timeZone)} transactions={data.transactions} invoices={data.invoices} payouts={data.payouts} />
      ) : (
        <ErrorBanner messages={['Failed to load the finance figures. Please try again later.']} />
      )}
    </>
  );
}
