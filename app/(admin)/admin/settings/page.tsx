/**
 * /admin/settings — System Settings (spec §2, §8 Settings): a form generated from the key-value
 * settings. Read on the server; saved with PUT /api/settings (settings-form.tsx).
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { getSettingsMap, type SettingsMap } from '@/lib/settings/queries';
import { SettingsForm } from './settings-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  await requirePageAdmin('/admin/settings');
  let settings: SettingsMap | null = null;
  try {
    settings = await getSettingsMap();
  } catch (e) {
    console.error('[admin] settings load failed', e);
  }
  return (
    <>
      <AdminPageHeader title="System Settings" description="Shop-wide values: name, currency, time zone, shipping and tax." />
      {settings ? <SettingsForm settings={settings} /> : <ErrorBanner messages={['Failed to load settings. Please try again later.']} />}
    </>
  );
}
