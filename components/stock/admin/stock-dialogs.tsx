'use client';
/**
 * Adjust and Transfer on the Stock screens (docs/stock.md "The back office"): the back office's form
 * dialog (components/admin/form-dialog.tsx) with react-hook-form and the API's own zod schemas.
 * Adjust: received or damaged units in or out, or a count's figure, at a location, with a note;
 * Transfer: units to another location. Both post to the API and read the page again.
 */
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from 'sonner';
import { FormDialog } from '@/components/admin/form-dialog';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { AdminButton } from '@/components/ui/button';
import { api, errorMessage } from '@/lib/api/client';
import { STOCK_NOTE_MAX, stockAdjustmentSchema, stockTransferSchema } from '@/lib/stock/schemas';

/** A product at a location, as a row of the Stock screens offers it. */
export type StockRowRef = { productId: number; productName: string; locationId: number; locationName: string; onHand: number; available: number };
export type LocationChoice = { id: number; name: string };

const REASONS = [
  { value: 'received', label: 'Received (units in)' },
  { value: 'damaged', label: 'Damaged (units out)' },
  { value: 'count', label: 'Count (set on hand)' },
] as const;

type AdjustValues = z.input<typeof stockAdjustmentSchema>;

/** Mounted while open, so each opening starts from the row's values. */
function AdjustDialog({ row, locations, onClose }: { row: StockRowRef; locations: LocationChoice[]; onClose: () => void }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, control, formState } = useForm<AdjustValues, unknown, z.output<typeof stockAdjustmentSchema>>({
    resolver: zodResolver(stockAdjustmentSchema),
    defaultValues: { product_id: row.productId, location_id: row.locationId, reason: 'received', quantity: '', note: '' },
  });
  const reason = useWatch({ control, name: 'reason' });
  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      const res = await api.stock.adjust(values);
      toast.success(res.change === 0 ? 'Counted: the figure was right.' : `Stock adjusted: ${res.level.on_hand} on hand at ${res.level.location_name}.`);
      onClose();
      router.refresh();
    } catch (e) {
      setError(errorMessage(e, 'Failed to adjust the stock. Please try again.'));
    }
  });
  const fieldError = formState.errors.quantity?.message ?? formState.errors.note?.message ?? formState.errors.location_id?.message;
  return (
    <FormDialog
      open
      busy={formState.isSubmitting}
      title={`Adjust stock of ${row.productName}`}
      description={`${row.onHand} on hand at ${row.locationName}, ${row.available} available. Every adjustment is kept in the product's history with your name.`}
      error={error ?? fieldError}
      action="Save adjustment"
      onClose={onClose}
      onSubmit={submit}
    >
      <AdminField label="Location">
        <select className={adminInputClass} {...register('location_id')}>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField label="Reason">
        <select className={adminInputClass} {...register('reason')}>
          {REASONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField label={reason === 'count' ? 'Counted on hand' : 'Quantity'}>
        <input type="number" inputMode="numeric" min={0} step={1} autoFocus className={adminInputClass} aria-invalid={formState.errors.quantity ? true : undefined} {...register('quantity')} />
      </AdminField>
      <AdminField label="Note (optional)">
        <input maxLength={STOCK_NOTE_MAX} className={adminInputClass} placeholder="e.g. Container from Nelson" {...register('note')} />
      </AdminField>
    </FormDialog>
  );
}

type TransferValues = z.input<typeof stockTransferSchema>;

/** Mounted while open, so each opening starts from the row's values. */
function TransferDialog({ row, locations, onClose }: { row: StockRowRef; locations: LocationChoice[]; onClose: () => void }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<TransferValues, unknown, z.output<typeof stockTransferSchema>>({
    resolver: zodResolver(stockTransferSchema),
    defaultValues: { product_id: row.productId, from_location_id: row.locationId, to_location_id: locations.find((l) => l.id !== row.locationId)?.id ?? '', quantity: '', note: '' },
  });
  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      const res = await api.stock.transfer(values);
      toast.success(`Moved ${res.quantity} to ${res.to.location_name}.`);
      onClose();
      router.refresh();
    } catch (e) {
      setError(errorMessage(e, 'Failed to transfer the stock. Please try again.'));
    }
  });
  const fieldError = formState.errors.quantity?.message ?? formState.errors.to_location_id?.message ?? formState.errors.note?.message;
  return (
    <FormDialog
      open
      busy={formState.isSubmitting}
      title={`Transfer ${row.productName}`}
      description={`${row.available} available to move from ${row.locationName} (units held for orders stay).`}
      error={error ?? fieldError}
      action="Transfer"
      onClose={onClose}
      onSubmit={submit}
    >
      <AdminField label="To">
        <select className={adminInputClass} {...register('to_location_id')}>
          {locations
            .filter((l) => l.id !== row.locationId)
            .map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
        </select>
      </AdminField>
      <AdminField label="Quantity">
        <input type="number" inputMode="numeric" min={1} step={1} autoFocus className={adminInputClass} aria-invalid={formState.errors.quantity ? true : undefined} {...register('quantity')} />
      </AdminField>
      <AdminField label="Note (optional)">
        <input maxLength={STOCK_NOTE_MAX} className={adminInputClass} placeholder="e.g. For the showroom floor" {...register('note')} />
      </AdminField>
    </FormDialog>
  );
}

/** The Adjust and Transfer buttons of one row, with their dialogs. */
export function StockRowActions({ row, locations }: { row: StockRowRef; locations: LocationChoice[] }) {
  const [open, setOpen] = useState<'adjust' | 'transfer' | null>(null);
  const label = `${row.productName} at ${row.locationName}`;
  return (
    <div className="flex flex-wrap gap-2">
      <AdminButton size="sm" onClick={() => setOpen('adjust')} aria-label={`Adjust ${label}`}>
        Adjust
      </AdminButton>
      <AdminButton size="sm" onClick={() => setOpen('transfer')} disabled={locations.length < 2} title={locations.length < 2 ? 'Add a second stock location to transfer to.' : undefined} aria-label={`Transfer ${label}`}>
        Transfer
      </AdminButton>
      {open === 'adjust' ? <AdjustDialog row={row} locations={locations} onClose={() => setOpen(null)} /> : null}
      {open === 'transfer' ? <TransferDialog row={row} locations={locations} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
