'use client';
/**
 * Stock locations (docs/stock.md "Locations"): every warehouse and showroom with where it is,
 * whether customers may collect there, the delivery zones it ships to and the units it holds; a form
 * dialog (react-hook-form with the API's zod schema) to add or edit one, and Archive — refused with
 * the server's reason for the default location or one still holding units.
 */
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from 'sonner';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { FormDialog } from '@/components/admin/form-dialog';
import { AdminButton } from '@/components/ui/button';
import { toastFailure } from '@/components/ui/toast-failure';
import { api, errorMessage } from '@/lib/api/client';
import type { StockLocationJson } from '@/lib/stock/contracts';
import { stockLocationCreateSchema } from '@/lib/stock/schemas';

type Choice = { id: number; name: string };
type Values = z.input<typeof stockLocationCreateSchema>;

const blank: Values = { name: '', kind: 'showroom', address: '', postcode: '', pickup_location_id: null, zone_ids: [], sort_order: 0 };
const valuesOf = (l: StockLocationJson): Values => ({
  name: l.name,
  kind: l.kind,
  address: l.address,
  postcode: l.postcode,
  pickup_location_id: l.pickup_location_id,
  zone_ids: l.zones.map((z) => String(z.zone_id)),
  sort_order: l.sort_order,
});

function LocationDialog({ editing, pickups, zones, onClose }: { editing: StockLocationJson | 'new' | null; pickups: Choice[]; zones: Choice[]; onClose: () => void }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<Values, unknown, z.output<typeof stockLocationCreateSchema>>({
    resolver: zodResolver(stockLocationCreateSchema),
    values: editing && editing !== 'new' ? valuesOf(editing) : blank,
  });
  const submit = handleSubmit(async (body) => {
    setError(undefined);
    try {
      const saved = editing && editing !== 'new' ? await api.stock.updateLocation(editing.location_id, body) : await api.stock.createLocation(body);
      toast.success(`${saved.name} saved.`);
      onClose();
      router.refresh();
    } catch (e) {
      setError(errorMessage(e, 'Failed to save the stock location. Please try again.'));
    }
  });
  const errors = formState.errors;
  const firstError = errors.name?.message ?? errors.postcode?.message ?? errors.address?.message ?? errors.sort_order?.message;
  return (
    <FormDialog
      open={editing !== null}
      busy={formState.isSubmitting}
      title={editing === 'new' ? 'Add a stock location' : `Edit ${editing?.name ?? ''}`}
      description="A warehouse or showroom stock is kept at. Customers may collect there when it has a pickup location."
      error={error ?? firstError}
      action="Save location"
      onClose={() => {
        setError(undefined);
        onClose();
      }}
      onSubmit={submit}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <AdminField label="Name" className="sm:col-span-2">
          <input className={adminInputClass} autoFocus aria-invalid={errors.name ? true : undefined} {...register('name')} />
        </AdminField>
        <AdminField label="Kind">
          <select className={adminInputClass} {...register('kind')}>
            <option value="warehouse">Warehouse</option>
            <option value="showroom">Showroom</option>
          </select>
        </AdminField>
        <AdminField label="Postcode">
          <input inputMode="numeric" maxLength={4} className={adminInputClass} aria-invalid={errors.postcode ? true : undefined} {...register('postcode')} />
        </AdminField>
        <AdminField label="Address" className="sm:col-span-2">
          <input className={adminInputClass} {...register('address')} />
        </AdminField>
        <AdminField label="Customers collect through" className="sm:col-span-2">
          <select className={adminInputClass} {...register('pickup_location_id', { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) })}>
            <option value="">No one collects here</option>
            {pickups.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </AdminField>
      </div>
      <fieldset className="text-sm">
        <legend className="mb-1 font-medium text-ink">Ships to</legend>
        {zones.length === 0 ? <p className="text-muted">No delivery zones yet.</p> : null}
        <div className="grid max-h-40 grid-cols-2 gap-1 overflow-y-auto">
          {zones.map((z) => (
            <label key={z.id} className="flex items-center gap-2">
              <input type="checkbox" value={String(z.id)} {...register('zone_ids')} />
              {z.name}
            </label>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}

export function LocationManager({ locations, pickups, zones }: { locations: StockLocationJson[]; pickups: Choice[]; zones: Choice[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<StockLocationJson | 'new' | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function archive(l: StockLocationJson) {
    setBusy(l.location_id);
    try {
      await api.stock.archiveLocation(l.location_id);
      toast.success(`${l.name} archived.`);
      router.refresh();
    } catch (e) {
      toastFailure('Failed to archive the stock location. Please try again.', e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <div className="mb-4 flex justify-end">
        <AdminButton variant="primary" onClick={() => setEditing('new')}>
          Add location
        </AdminButton>
      </div>
      <AdminTable label="Stock locations" stacked>
        <thead>
          <tr>
            <Th>Location</Th>
            <Th>Address</Th>
            <Th>Customers collect</Th>
            <Th>Ships to</Th>
            <Th className="text-right">On hand</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {locations.length === 0 ? (
            <EmptyRow colSpan={6}>No stock locations yet.</EmptyRow>
          ) : (
            locations.map((l) => (
              <Tr key={l.location_id} data-testid="location-row" className={l.archived ? 'opacity-60' : undefined}>
                <Td data-label="Location" className="max-md:col-span-2">
                  <span className="block font-medium">{l.name}</span>
                  <span className="block text-xs text-muted">
                    {l.kind === 'warehouse' ? 'Warehouse' : 'Showroom'}
                    {l.is_default ? ' · default' : ''}
                    {l.archived ? ' · archived' : ''}
                  </span>
                </Td>
                <Td data-label="Address">
                  {l.address || '—'}
                  {l.postcode && !l.address.includes(l.postcode) ? <span className="block text-xs text-muted">{l.postcode}</span> : null}
                </Td>
                <Td data-label="Customers collect">{l.pickup_location_name ? `Yes, at ${l.pickup_location_name}` : 'No'}</Td>
                <Td data-label="Ships to" className="max-md:col-span-2 md:max-w-64">
                  {l.zones.length ? l.zones.map((z) => z.name).join(', ') : <span className="text-muted">No zones</span>}
                </Td>
                <Td data-label="On hand" className="tabular-nums md:text-right">
                  {l.on_hand.toLocaleString('en-NZ')}
                </Td>
                <Td className="max-md:col-span-2 md:text-right">
                  {l.archived ? null : (
                    <div className="flex flex-wrap gap-2 md:justify-end">
                      <AdminButton size="sm" onClick={() => setEditing(l)} aria-label={`Edit ${l.name}`}>
                        Edit
                      </AdminButton>
                      <AdminButton size="sm" variant="danger" disabled={busy === l.location_id || l.is_default} title={l.is_default ? 'The default location cannot be archived.' : undefined} onClick={() => void archive(l)} aria-label={`Archive ${l.name}`}>
                        Archive
                      </AdminButton>
                    </div>
                  )}
                </Td>
              </Tr>
            ))
          )}
        </tbody>
      </AdminTable>
      <LocationDialog editing={editing} pickups={pickups} zones={zones} onClose={() => setEditing(null)} />
    </>
  );
}
