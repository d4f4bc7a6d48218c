/**
 * /admin/finance — Finance Center from real data (spec §2 Finance Center; docs/architecture.md: goes
 * beyond the spec's sample data): transaction history (payments, refunds, manual entries), invoices
 * from orders, payouts, and a CSV financial report for a date range. The first page of each list
 * is read on the server; paging and changes go through /api/finance
 * (components/finance/admin/finance-center.tsx).
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { FinanceCenter } from '@/components/finance/admin/finance-center';
import { requirePageAdmin } from '@/lib/auth/current-user';
import type { SessionUser } from '@/lib/auth/guards';
import { listInvoices, listPayouts, listTransactions } from '@/lib/finance/service';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Finance Center' };

/** Today's calendar day (YYYY-MM-DD) in the given zone. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

async function loadFinance(admin: SessionUser) {
  const [shop, transactions, invoices, payouts] = await Promise.all([
    getShopSettings(),
    listTransactions(admin, { page: 1 }),
    listInvoices(admin, { page: 1 }),
    listPayouts(admin, { page: 1 }),
  ]);
  return { currency: shop.currency, today: todayIn(shop.timeZone), transactions, invoices, payouts };
}

export default async function FinancePage() {
  const me = await requirePageAdmin('/admin/finance', 'finance.read');
  const data = await loadFinance(me).catch((e: unknown) => void console.error('[admin] finance load failed', e));
  return (
    <>
      <AdminPageHeader title="Finance Center" description="Money in and out: payments, refunds, your own entries, invoices and payouts." />
      {data ? <FinanceCenter {...data} /> : <ErrorBanner messages={['Failed to load the finance figures. Please try again later.']} />}
    </>
  );
}
