'use client';
/**
 * The System Settings form (spec §2): one field per key of the map — the label is the key with
 * underscores as spaces in upper case; numbers get number inputs, booleans checkboxes, the rest text.
 * Validated with the shared settingsSchema; Save Settings sends the whole map to PUT /api/settings.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { apiFetch, errorMessage } from '@/components/admin/admin-api';
import { AdminButton } from '@/components/admin/button';
import { settingLabel, settingsSchema, type SettingsInput } from '@/lib/settings/schemas';

type SettingsMap = Record<string, string | number | boolean>;

const SAVED = 'Settings updated successfully!';
const FAILED = 'Failed to update settings. Please try again.';

const HINTS: Record<string, string> = {
  currency: 'Three-letter ISO code, e.g. NZD. Prices and totals are shown in it.',
  time_zone: 'IANA zone, e.g. Pacific/Auckland. "Today" on the dashboard and report dates follow it.',
  shipping_fee: 'Dollars charged per order below the free-shipping threshold.',
  free_shipping_threshold: 'Orders with at least this subtotal (dollars) ship free.',
  low_stock_threshold: 'Products with this many or fewer in stock count as low.',
  gst_rate_percent: 'GST rate in percent.',
  prices_include_gst: 'Catalogue prices already include GST.',
};

export function SettingsForm({ settings }: { settings: SettingsMap }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const keys = Object.keys(settings);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Record<string, unknown>, unknown, SettingsInput>({ resolver: zodResolver(settingsSchema), defaultValues: settings });

  async function save(values: SettingsInput) {
    setStatus(null);
    try {
      const saved = await apiFetch<SettingsMap>('/api/settings', { method: 'PUT', body: values });
      reset(saved);
      setStatus({ ok: true, text: SAVED });
      toast.success(SAVED);
      router.refresh();
    } catch (e) {
      console.error('[admin] settings save failed', e);
      const reason = errorMessage(e, '');
      setStatus({ ok: false, text: reason ? `${FAILED} ${reason}` : FAILED });
      toast.error(FAILED, { description: reason || undefined });
    }
  }

  const errorOf = (key: string) => {
    const e = errors[key] as { message?: string } | undefined;
    return e?.message;
  };

  return (
    <form onSubmit={handleSubmit(save)} noValidate className="max-w-3xl space-y-6 rounded-card border border-line bg-surface p-4 md:p-6" aria-label="System settings">
      <div className="grid gap-5 sm:grid-cols-2">
        {keys.map((key) => {
          const value = settings[key];
          const id = `setting-${key}`;
          const hint = HINTS[key];
          const error = errorOf(key);
          const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
          if (typeof value === 'boolean') {
            return (
              <div key={key} className="sm:col-span-2">
                <label htmlFor={id} className="flex items-center gap-3 text-sm">
                  <input id={id} type="checkbox" className="h-4 w-4 accent-brand" aria-describedby={describedBy} {...register(key)} />
                  <span className="text-xs font-semibold tracking-wide text-ink">{settingLabel(key)}</span>
                </label>
                {hint ? (
                  <p id={`${id}-hint`} className="mt-1 pl-7 text-xs text-muted">
                    {hint}
                  </p>
                ) : null}
                {error ? (
                  <p id={`${id}-error`} className="mt-1 pl-7 text-xs text-danger">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          }
          return (
            <div key={key}>
              <label htmlFor={id} className="mb-1 block text-xs font-semibold tracking-wide text-ink">
                {settingLabel(key)}
              </label>
              <input
                id={id}
                type={typeof value === 'number' ? 'number' : key.includes('email') ? 'email' : 'text'}
                step={typeof value === 'number' ? 'any' : undefined}
                min={typeof value === 'number' ? 0 : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink focus:border-brand aria-[invalid=true]:border-danger"
                {...register(key, typeof value === 'number' ? { valueAsNumber: true } : undefined)}
              />
              {hint ? (
                <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
                  {hint}
                </p>
              ) : null}
              {error ? (
                <p id={`${id}-error`} className="mt-1 text-xs text-danger">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        <p role="status" aria-live="polite" className={status?.ok ? 'text-sm text-success' : 'text-sm text-danger'} data-testid="settings-status">
          {status?.text ?? ''}
        </p>
        <AdminButton type="submit" variant="primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save Settings'}
        </AdminButton>
      </div>
    </form>
  );
}
