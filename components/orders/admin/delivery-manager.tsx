'use client';
/**
 * /admin/delivery (docs/delivery.md): the delivery zones with their services, and the
 * click & collect pickup locations. Each zone shows its postcodes and a table of its services
 * (fee, bulky surcharge, free-over amount, lead days, weekdays); Add/Edit open a Radix dialog whose
 * form (react-hook-form + zod, the API's own schemas) sends one request; Delete asks first. After a
 * change the server's setup is read again (router.refresh()).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { AdminButton } from '@/components/ui/button';
import { AdminField, adminInputClass } from '@/components/admin/field';
import { ErrorBanner } from '@/components/admin/status';
import { DialogActions, ProductDialog as FormDialog } from '@/components/catalog/admin/product-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/toast-failure';
import { DELIVERY_SERVICE_KINDS, type DeliveryServiceKind } from '@/db/statuses';
import { api, errorMessage } from '@/lib/api/client';
import { formatMoney } from '@/lib/money';
import { pickupInputSchema, rangesText, serviceUpdateSchema, zoneFormSchema } from '@/lib/delivery/admin-schemas';
import type { DeliveryServiceJson, DeliverySetupJson, DeliveryZoneJson, PickupLocationJson } from '@/lib/delivery/contracts';
import { NZ_REGIONS, regionName } from '@/lib/delivery/regions';

export const KIND_LABEL: Record<DeliveryServiceKind, string> = {
  courier: 'Courier (parcels only)',
  two_person: 'Two-person delivery',
  two_person_assembly: 'Two-person delivery with assembly',
  click_collect: 'Click & collect',
};
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const daysText = (days: number[]) => (days.length === 7 ? 'Every day' : days.map((d) => WEEKDAYS[d - 1]).join(', '));

type Dialogs =
  | { kind: 'zone'; zone: DeliveryZoneJson | null }
  | { kind: 'service'; zone: DeliveryZoneJson; service: DeliveryServiceJson | null }
  | { kind: 'pickup'; pickup: PickupLocationJson | null }
  | null;

export function DeliveryManager({ setup, currency }: { setup: DeliverySetupJson; currency: string }) {
  const router = useRouter();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const close = () => setDialog(null);
  const saved = () => {
    setDialog(null);
    router.refresh();
  };
  const money = (v: number | null) => (v === null ? 'Never' : v === 0 ? 'Free' : formatMoney(v, currency));

  async function remove(action: () => Promise<{ message: string }>, failure: string) {
    try {
      toast.success((await action()).message);
      router.refresh();
    } catch (e) {
      toastFailure(failure, e);
      throw e;
    }
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="zones-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="zones-heading" className="font-display text-lg text-ink">
              Zones
            </h2>
            <p className="max-w-3xl text-sm text-muted">
              An address belongs to the zone that lists its postcode; otherwise to the zone with the narrowest range that contains it. Addresses in no zone, or in a zone that is not served, cannot order.
            </p>
          </div>
          <AdminButton variant="primary" onClick={() => setDialog({ kind: 'zone', zone: null })}>
            Add Zone
          </AdminButton>
        </div>
        {setup.zones.length === 0 ? <p className="text-sm text-muted">No delivery zones yet: nobody can order until there is one.</p> : null}
        {setup.zones.map((zone) => (
          <article key={zone.zone_id} aria-labelledby={`zone-${zone.zone_id}`} className="rounded-card border border-line bg-surface p-4" data-testid={`zone-${zone.zone_id}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 id={`zone-${zone.zone_id}`} className="font-semibold text-ink">
                  {zone.name}{' '}
                  <span className={zone.served ? 'ml-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-dark' : 'ml-1 rounded-full bg-danger/10 px-2 py-0.5 text-xs font-medium text-danger'}>
                    {zone.served ? 'Served' : 'Not served'}
                  </span>
                </h3>
                <p className="mt-1 break-words text-sm text-muted">
                  {[zone.postcode_ranges.length ? `Postcodes ${rangesText(zone.postcode_ranges)}` : null, zone.postcodes.length ? `Listed: ${zone.postcodes.join(', ')}` : null, zone.region ? `Region ${regionName(zone.region)}` : null].filter(Boolean).join(' · ')}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <AdminButton size="sm" onClick={() => setDialog({ kind: 'service', zone, service: null })}>
                  Add Service
                </AdminButton>
                <AdminButton size="sm" onClick={() => setDialog({ kind: 'zone', zone })} aria-label={`Edit zone ${zone.name}`}>
                  Edit
                </AdminButton>
                <ConfirmDialog
                  trigger={
                    <AdminButton size="sm" variant="danger" aria-label={`Delete zone ${zone.name}`}>
                      Delete
                    </AdminButton>
                  }
                  title={`Delete the zone “${zone.name}”?`}
                  description="Its services go with it. Orders already placed keep their delivery as it was; new orders to its postcodes fall into another zone, or cannot be placed."
                  confirmLabel="Delete"
                  onConfirm={() => remove(() => api.delivery.deleteZone(zone.zone_id), 'Failed to delete the zone.')}
                />
              </div>
            </div>
            {zone.services.length > 0 || zone.served ? (
              <AdminTable label={`Services of ${zone.name}`} stacked dense className="mt-3">
                <thead>
                  <tr>
                    <Th>Service</Th>
                    <Th>Fee</Th>
                    <Th>Per bulky item</Th>
                    <Th>Free over</Th>
                    <Th>Lead days</Th>
                    <Th>Runs</Th>
                    <Th>Actions</Th>
                  </tr>
                </thead>
                <tbody>
                  {zone.services.length === 0 ? <EmptyRow colSpan={7}>No services: orders to this zone cannot be placed.</EmptyRow> : null}
                  {zone.services.map((s) => (
                    <Tr key={s.service_id} data-testid={`service-${s.service_id}`}>
                      <Td data-label="Service" className="max-md:col-span-2">
                        <span className="font-medium text-ink">{s.name}</span>
                        <span className="block text-xs text-muted">
                          {KIND_LABEL[s.kind]}
                          {s.active ? '' : ' · Off'}
                          {s.kind === 'click_collect' ? ` · ${setup.pickup_locations.find((p) => p.pickup_location_id === s.pickup_location_id)?.name ?? 'no pickup location'}` : ''}
                        </span>
                      </Td>
                      <Td data-label="Fee" className="tabular-nums">
                        {money(s.fee)}
                      </Td>
                      <Td data-label="Per bulky item" className="tabular-nums">
                        {s.kind === 'two_person' || s.kind === 'two_person_assembly' ? money(s.bulky_surcharge) : '—'}
                      </Td>
                      <Td data-label="Free over" className="tabular-nums">
                        {money(s.free_over)}
                      </Td>
                      <Td data-label="Lead days" className="tabular-nums">
                        {s.lead_days}
                      </Td>
                      <Td data-label="Runs">
                        {daysText(s.weekdays)}
                        {s.capacity_per_window ? <span className="block text-xs text-muted">{s.capacity_per_window} per morning or afternoon</span> : null}
                      </Td>
                      <Td className="max-md:col-span-2">
                        <div className="flex flex-wrap gap-2">
                          <AdminButton size="sm" onClick={() => setDialog({ kind: 'service', zone, service: s })} aria-label={`Edit ${s.name} (${zone.name})`}>
                            Edit
                          </AdminButton>
                          <ConfirmDialog
                            trigger={
                              <AdminButton size="sm" variant="danger" aria-label={`Delete ${s.name} (${zone.name})`}>
                                Delete
                              </AdminButton>
                            }
                            title={`Delete “${s.name}” in ${zone.name}?`}
                            description="Orders already placed keep their delivery and fee. To stop offering it for a while, edit it and switch it off instead."
                            confirmLabel="Delete"
                            onConfirm={() => remove(() => api.delivery.deleteService(s.service_id), 'Failed to delete the service.')}
                          />
                        </div>
                      </Td>
                    </Tr>
                  ))}
                </tbody>
              </AdminTable>
            ) : null}
          </article>
        ))}
      </section>

      <section aria-labelledby="pickups-heading" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="pickups-heading" className="font-display text-lg text-ink">
            Pickup locations
          </h2>
          <AdminButton variant="primary" onClick={() => setDialog({ kind: 'pickup', pickup: null })}>
            Add Pickup Location
          </AdminButton>
        </div>
        <AdminTable label="Pickup locations" stacked>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Address</Th>
              <Th>Opening hours</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {setup.pickup_locations.length === 0 ? <EmptyRow colSpan={4}>No pickup locations: click & collect cannot be offered.</EmptyRow> : null}
            {setup.pickup_locations.map((p) => (
              <Tr key={p.pickup_location_id}>
                <Td data-label="Name" className="font-medium text-ink">
                  {p.name}
                  {p.active ? '' : <span className="block text-xs font-normal text-muted">Off</span>}
                </Td>
                <Td data-label="Address">{p.address}</Td>
                <Td data-label="Opening hours">{p.opening_hours}</Td>
                <Td>
                  <AdminButton size="sm" onClick={() => setDialog({ kind: 'pickup', pickup: p })} aria-label={`Edit ${p.name}`}>
                    Edit
                  </AdminButton>
                </Td>
              </Tr>
            ))}
          </tbody>
        </AdminTable>
      </section>

      {dialog?.kind === 'zone' ? <ZoneDialog zone={dialog.zone} onClose={close} onSaved={saved} /> : null}
      {dialog?.kind === 'service' ? <ServiceDialog zone={dialog.zone} service={dialog.service} pickups={setup.pickup_locations} onClose={close} onSaved={saved} /> : null}
      {dialog?.kind === 'pickup' ? <PickupDialog pickup={dialog.pickup} onClose={close} onSaved={saved} /> : null}
    </div>
  );
}

function DialogHeading({ title, description, id }: { title: string; description: string; id: string }) {
  return (
    <div>
      <Dialog.Title className="font-display text-xl text-ink">{title}</Dialog.Title>
      <p id={id} className="mt-1 text-sm text-muted">
        {description}
      </p>
    </div>
  );
}

function ZoneDialog({ zone, onClose, onSaved }: { zone: DeliveryZoneJson | null; onClose: () => void; onSaved: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting: saving },
  } = useForm<z.input<typeof zoneFormSchema>, unknown, z.output<typeof zoneFormSchema>>({
    resolver: zodResolver(zoneFormSchema),
    defaultValues: { name: zone?.name ?? '', ranges: zone ? rangesText(zone.postcode_ranges) : '', postcodes: zone?.postcodes.join(', ') ?? '', served: zone?.served ?? true, sort_order: String(zone?.sort_order ?? 0), region: zone?.region ?? '' },
  });
  async function save(body: z.output<typeof zoneFormSchema>) {
    try {
      if (zone) await api.delivery.updateZone(zone.zone_id, body);
      else await api.delivery.createZone(body);
      toast.success(zone ? 'Zone saved.' : `Zone “${body.name}” added.`);
      onSaved();
    } catch (e) {
      setError('root.server', { message: errorMessage(e, 'Failed to save the zone. Please try again.') });
    }
  }
  return (
    <FormDialog width="w-[min(96vw,36rem)]" describedBy="zone-dialog-description" saving={saving} onClose={onClose}>
      <DialogHeading id="zone-dialog-description" title={zone ? `Edit ${zone.name}` : 'Add Zone'} description="Four-digit New Zealand postcodes: ranges such as 0600–0699, and single postcodes, which win over any range." />
      <ErrorBanner messages={errors.root?.server?.message ? [errors.root.server.message] : []} />
      <form className="grid gap-3" noValidate onSubmit={handleSubmit(save)}>
        <AdminField label="Name" error={errors.name?.message}>
          <input {...register('name')} maxLength={100} className={adminInputClass} disabled={saving} />
        </AdminField>
        <AdminField label="Postcode ranges" error={errors.ranges?.message}>
          <textarea {...register('ranges')} rows={2} placeholder="0600–0699, 1010–1072" className={adminInputClass} disabled={saving} />
        </AdminField>
        <AdminField label="Single postcodes" error={errors.postcodes?.message}>
          <textarea {...register('postcodes')} rows={2} placeholder="1081, 0991" className={adminInputClass} disabled={saving} />
        </AdminField>
        <AdminField label="Region (its anniversary day has no deliveries)" error={errors.region?.message}>
          <select {...register('region')} className={adminInputClass} disabled={saving}>
            <option value="">None — national holidays only</option>
            {NZ_REGIONS.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name} ({r.holiday})
              </option>
            ))}
          </select>
        </AdminField>
        <div className="grid grid-cols-2 gap-3">
          <AdminField label="Sort order" error={errors.sort_order?.message}>
            <input {...register('sort_order')} type="number" min={0} max={1000} step={1} className={adminInputClass} disabled={saving} />
          </AdminField>
          <label className="mt-6 flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" {...register('served')} className="size-4 accent-brand" disabled={saving} />
            We deliver here
          </label>
        </div>
        <DialogActions saving={saving} label={zone ? 'Save Zone' : 'Add Zone'} onCancel={onClose} save={{ type: 'submit' }} />
      </form>
    </FormDialog>
  );
}

type ServiceForm = z.input<typeof serviceUpdateSchema>;

function ServiceDialog({ zone, service, pickups, onClose, onSaved }: { zone: DeliveryZoneJson; service: DeliveryServiceJson | null; pickups: PickupLocationJson[]; onClose: () => void; onSaved: () => void }) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting: saving },
  } = useForm<ServiceForm, unknown, z.output<typeof serviceUpdateSchema>>({
    resolver: zodResolver(serviceUpdateSchema),
    defaultValues: {
      kind: service?.kind ?? 'two_person',
      name: service?.name ?? '',
      fee: String(service?.fee ?? 0),
      bulky_surcharge: String(service?.bulky_surcharge ?? 0),
      free_over: service?.free_over === null || service?.free_over === undefined ? '' : String(service.free_over),
      lead_days: String(service?.lead_days ?? 2),
      weekdays: (service?.weekdays ?? [1, 2, 3, 4, 5]).map(String),
      pickup_location_id: service?.pickup_location_id ? String(service.pickup_location_id) : '',
      capacity_per_window: service?.capacity_per_window ? String(service.capacity_per_window) : '',
      active: service?.active ?? true,
    },
  });
  const kind = useWatch({ control, name: 'kind' });
  async function save(body: z.output<typeof serviceUpdateSchema>) {
    try {
      if (service) await api.delivery.updateService(service.service_id, body);
      else await api.delivery.createService({ ...body, zone_id: zone.zone_id });
      toast.success(service ? 'Service saved.' : `Service “${body.name}” added to ${zone.name}.`);
      onSaved();
    } catch (e) {
      setError('root.server', { message: errorMessage(e, 'Failed to save the service. Please try again.') });
    }
  }
  const twoPerson = kind === 'two_person' || kind === 'two_person_assembly';
  return (
    <FormDialog width="w-[min(96vw,40rem)]" describedBy="service-dialog-description" saving={saving} onClose={onClose}>
      <DialogHeading
        id="service-dialog-description"
        title={service ? `Edit ${service.name} (${zone.name})` : `Add a service to ${zone.name}`}
        description="Amounts in dollars. The fee is waived when the goods reach the free-over amount (leave it empty for never); assembly fees are set per product in Edit Details. Orders already placed keep their fee."
      />
      <ErrorBanner messages={errors.root?.server?.message ? [errors.root.server.message] : []} />
      <form className="grid gap-3 sm:grid-cols-2" noValidate onSubmit={handleSubmit(save)}>
        <AdminField label="Kind" error={errors.kind?.message}>
          <select {...register('kind')} className={adminInputClass} disabled={saving}>
            {DELIVERY_SERVICE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </AdminField>
        <AdminField label="Name shown to customers" error={errors.name?.message}>
          <input {...register('name')} maxLength={100} className={adminInputClass} disabled={saving} />
        </AdminField>
        <AdminField label="Fee per order ($)" error={errors.fee?.message}>
          <input {...register('fee')} type="number" min={0} step="0.01" inputMode="decimal" className={adminInputClass} disabled={saving} />
        </AdminField>
        {twoPerson ? (
          <AdminField label="Surcharge per bulky item ($)" error={errors.bulky_surcharge?.message}>
            <input {...register('bulky_surcharge')} type="number" min={0} step="0.01" inputMode="decimal" className={adminInputClass} disabled={saving} />
          </AdminField>
        ) : null}
        {twoPerson ? (
          <AdminField label="Orders per morning or afternoon (empty = no limit)" error={errors.capacity_per_window?.message}>
            <input {...register('capacity_per_window')} type="number" min={1} step={1} inputMode="numeric" className={adminInputClass} disabled={saving} />
          </AdminField>
        ) : null}
        <AdminField label="Free over ($, empty = never)" error={errors.free_over?.message}>
          <input {...register('free_over')} type="number" min={0} step="0.01" inputMode="decimal" className={adminInputClass} disabled={saving} />
        </AdminField>
        <AdminField label="Lead (working days)" error={errors.lead_days?.message}>
          <input {...register('lead_days')} type="number" min={0} max={60} step={1} className={adminInputClass} disabled={saving} />
        </AdminField>
        {kind === 'click_collect' ? (
          <AdminField label="Pickup location" error={errors.pickup_location_id?.message}>
            <select {...register('pickup_location_id')} className={adminInputClass} disabled={saving}>
              <option value="">Choose…</option>
              {pickups.map((p) => (
                <option key={p.pickup_location_id} value={String(p.pickup_location_id)}>
                  {p.name}
                </option>
              ))}
            </select>
          </AdminField>
        ) : null}
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-ink">Runs on</legend>
          <div className="flex flex-wrap gap-3">
            {WEEKDAYS.map((d, i) => (
              <label key={d} className="flex items-center gap-1.5 text-sm text-ink">
                <input type="checkbox" value={String(i + 1)} {...register('weekdays')} className="size-4 accent-brand" disabled={saving} />
                {d}
              </label>
            ))}
          </div>
          {errors.weekdays?.message ? <p className="mt-1 text-xs text-danger">{errors.weekdays.message}</p> : null}
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-ink sm:col-span-2">
          <input type="checkbox" {...register('active')} className="size-4 accent-brand" disabled={saving} />
          Offered to customers
        </label>
        <DialogActions saving={saving} label={service ? 'Save Service' : 'Add Service'} onCancel={onClose} className="sm:col-span-2" save={{ type: 'submit' }} />
      </form>
    </FormDialog>
  );
}

function PickupDialog({ pickup, onClose, onSaved }: { pickup: PickupLocationJson | null; onClose: () => void; onSaved: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting: saving },
  } = useForm<z.input<typeof pickupInputSchema>, unknown, z.output<typeof pickupInputSchema>>({
    resolver: zodResolver(pickupInputSchema),
    defaultValues: { name: pickup?.name ?? '', address: pickup?.address ?? '', opening_hours: pickup?.opening_hours ?? '', active: pickup?.active ?? true },
  });
  async function save(body: z.output<typeof pickupInputSchema>) {
    try {
      if (pickup) await api.delivery.updatePickup(pickup.pickup_location_id, body);
      else await api.delivery.createPickup(body);
      toast.success(pickup ? 'Pickup location saved.' : `Pickup location “${body.name}” added.`);
      onSaved();
    } catch (e) {
      setError('root.server', { message: errorMessage(e, 'Failed to save the pickup location. Please try again.') });
    }
  }
  return (
    <FormDialog width="w-[min(96vw,34rem)]" describedBy="pickup-dialog-description" saving={saving} onClose={onClose}>
      <DialogHeading id="pickup-dialog-description" title={pickup ? `Edit ${pickup.name}` : 'Add Pickup Location'} description="Customers see the address and hours when they choose click & collect, on their order and in its e-mails." />
      <ErrorBanner messages={errors.root?.server?.message ? [errors.root.server.message] : []} />
      <form className="grid gap-3" noValidate onSubmit={handleSubmit(save)}>
        <AdminField label="Name" error={errors.name?.message}>
          <input {...register('name')} maxLength={100} className={adminInputClass} disabled={saving} />
        </AdminField>
        <AdminField label="Address" error={errors.address?.message}>
          <input {...register('address')} maxLength={300} className={adminInputClass} disabled={saving} />
        </AdminField>
        <AdminField label="Opening hours" error={errors.opening_hours?.message}>
          <input {...register('opening_hours')} maxLength={300} placeholder="Mon–Fri 9am–5pm, Sat 10am–4pm" className={adminInputClass} disabled={saving} />
        </AdminField>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" {...register('active')} className="size-4 accent-brand" disabled={saving} />
          Open for collections
        </label>
        <DialogActions saving={saving} label={pickup ? 'Save' : 'Add Pickup Location'} onCancel={onClose} save={{ type: 'submit' }} />
      </form>
    </FormDialog>
  );
}
