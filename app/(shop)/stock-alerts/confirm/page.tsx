/** /stock-alerts/confirm?token=… — the double opt-in of a visitor's back-in-stock alert (docs/mail.md "Back-in-stock alerts"). */
import type { Metadata } from 'next';
import { StockAlertPage } from '@/components/mail/stock-alert-page';

export const metadata: Metadata = { title: 'Confirm your back-in-stock alert', robots: { index: false } };

export default async function ConfirmStockAlertPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <StockAlertPage kind="confirm" token={typeof token === 'string' ? token : ''} />;
}
