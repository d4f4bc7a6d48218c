/**
 * /admin/settings — System Settings (spec §2, §8 Settings): a form generated from the key-value
 * settings. Read on the server; saved with PUT /api/settings
 * (components/settings/admin/settings-form.tsx).
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { SettingsForm } from '@/components/settings/admin/settings-form';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { getSettingsMap } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  await requirePageAdmin('/admin/settings', 'settings.write');
  const settings = await getSettingsMap().catch((e: unknown) => void console.error('[admin] settings load failed', e));
  return (
    <>
      <AdminPageHeader title="System Settings" description="Shop-wide values: name, currency, time zone, shipping and tax." />
      {settings ? <SettingsForm settings={settings} /> : <ErrorBanner messages={['Failed to load settings. Please try again later.']} />}
    </>
  );
}
