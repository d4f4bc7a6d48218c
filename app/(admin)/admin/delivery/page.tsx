/**
 * /admin/delivery — Delivery (docs/delivery.md): the delivery zones by postcode with
 * their services (fees, bulky surcharges, free-over amounts, lead days, weekdays) and the click &
 * collect pickup locations. Read on the server; changes go through /api/delivery/... and the page
 * is read again (components/orders/admin/delivery-manager.tsx).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { adminButtonClass } from '@/components/ui/button';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { DeliveryManager } from '@/components/orders/admin/delivery-manager';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { getDeliverySetup } from '@/lib/delivery/admin';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Delivery' };

export default async function DeliveryPage() {
  const me = await requirePageAdmin('/admin/delivery', 'delivery.manage');
  const [setup, settings] = await Promise.all([getDeliverySetup(me).catch((e: unknown) => void console.error('[admin/delivery] read failed', e)), getShopSettings()]);
  return (
    <>
      <AdminPageHeader
        title="Delivery"
        description="Where we deliver, how, and what it costs: zones by postcode, their services, and where customers collect."
        actions={
          <Link href="/admin/delivery/schedule" className={adminButtonClass('secondary')}>
            Delivery schedule
          </Link>
        }
      />
      {setup ? <DeliveryManager setup={setup} currency={settings.currency} /> : <ErrorBanner messages={['Failed to fetch the delivery setup. Please try again later.']} />}
    </>
  );
}
