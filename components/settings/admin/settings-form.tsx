'use client';
/**
 * The System Settings form (spec §2): one SettingField per key of the stored map, Save Settings,
 * and the status line (data-testid settings-status) that says how the last save went.
 */
import { AdminButton } from '@/components/ui/button';
import type { SettingsMap } from '@/lib/settings/contracts';
import { SettingField } from './setting-field';
import { useSettingsForm } from './use-settings-form';

/** `settings`: the map read on the server; its keys and value types fix the fields. */
export function SettingsForm({ settings }: { settings: SettingsMap }) {
  const {
    register,
    onSubmit,
    status,
    formState: { errors, isSubmitting },
  } = useSettingsForm(settings);

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6 rounded-card border border-line bg-surface p-4 md:p-6" aria-label="System settings">
      <div className="grid gap-5 sm:grid-cols-2">
        {Object.entries(settings).map(([key, value]) => (
          <SettingField key={key} name={key} value={value} error={(errors[key] as { message?: string } | undefined)?.message} register={register} />
        ))}
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
