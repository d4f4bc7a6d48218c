/** /stock-alerts/unsubscribe?token=… — the alert e-mail's unsubscribe link: confirm, then every alert of the address ends (docs/mail.md "Back-in-stock alerts"). */
import type { Metadata } from 'next';
import { StockAlertPage } from '@/components/mail/stock-alert-page';

export const metadata: Metadata = { title: 'Unsubscribe from back-in-stock alerts', robots: { index: false } };

export default async function UnsubscribeStockAlertPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <StockAlertPage kind="unsubscribe" token={typeof token === 'string' ? token : ''} />;
}
