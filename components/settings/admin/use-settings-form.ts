'use client';
/**
 * The System Settings form's data: react-hook-form over the settings map the server read, checked
 * with the API's settingsSchema; Save sends the whole map to PUT /api/settings and refills the
 * fields with what the server stored. The outcome is kept for the status line under the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { toastFailure } from '@/components/ui/toast-failure';
import { api, errorMessage } from '@/lib/api/client';
import type { SettingsMap } from '@/lib/settings/contracts';
import { settingsSchema, type SettingsInput } from '@/lib/settings/schemas';

const SAVED = 'Settings updated successfully!';
const FAILED = 'Failed to update settings. Please try again.';

/**
 * @param settings the stored map (key → string, number or boolean), the fields' first values.
 * @returns the form, `onSubmit` for the <form>, and `status` (null until a save; then whether it
 *   succeeded and the line to show, with the server's reason on a refusal).
 */
export function useSettingsForm(settings: SettingsMap) {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<Record<string, unknown>, unknown, SettingsInput>({ resolver: zodResolver(settingsSchema), defaultValues: settings });

  const onSubmit = form.handleSubmit(async (values) => {
    setStatus(null);
    try {
      form.reset(await api.settings.update(values));
      setStatus({ ok: true, text: SAVED });
      toast.success(SAVED);
    } catch (e) {
      const reason = errorMessage(e, '');
      setStatus({ ok: false, text: reason ? `${FAILED} ${reason}` : FAILED });
      toastFailure(FAILED, e);
    }
  });

  return { ...form, onSubmit, status };
}
