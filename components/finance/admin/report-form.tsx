'use client';
/**
 * Generate Financial Report: a date range (this month so far by default), checked with the API's
 * reportRangeSchema, downloaded as finance-report-{from}-to-{to}-{currency}.csv — the name the API
 * gives it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { AdminButton } from '@/components/ui/button';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { toastFailure } from '@/components/ui/toast-failure';
import { api } from '@/lib/api/client';
import { reportRangeSchema } from '@/lib/finance/schemas';

type RangeIn = z.input<typeof reportRangeSchema>;
type RangeOut = z.output<typeof reportRangeSchema>;

/** Hands `blob` to the browser as a download named `name`. */
function saveAs(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `today`: YYYY-MM-DD in the store's time zone; `currency`: the store's ISO code (part of the file name). */
export function ReportForm({ today, currency }: { today: string; currency: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RangeIn, unknown, RangeOut>({ resolver: zodResolver(reportRangeSchema), defaultValues: { from: `${today.slice(0, 8)}01`, to: today } });

  async function download(range: RangeOut) {
    try {
      saveAs(await api.finance.report(range), `finance-report-${range.from}-to-${range.to}-${currency}.csv`);
      toast.success('Financial report downloaded.');
    } catch (e) {
      toastFailure('Failed to generate the financial report. Please try again.', e);
    }
  }

  return (
    <form onSubmit={handleSubmit(download)} noValidate aria-labelledby="report-title" className="rounded-card border border-line bg-surface p-4">
      <h2 id="report-title" className="font-display text-lg text-ink">
        Financial Report
      </h2>
      <p className="mb-3 text-xs text-muted">A CSV of payments, refunds, your entries and payouts between two dates (inclusive).</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <AdminField label="From" error={errors.from?.message} className="sm:w-44">
          <input type="date" className={adminInputClass} {...register('from')} />
        </AdminField>
        <AdminField label="To" error={errors.to?.message} className="sm:w-44">
          <input type="date" className={adminInputClass} {...register('to')} />
        </AdminField>
        <AdminButton type="submit" variant="primary" disabled={isSubmitting}>
          {isSubmitting ? 'Preparing…' : 'Generate Financial Report'}
        </AdminButton>
      </div>
    </form>
  );
}
