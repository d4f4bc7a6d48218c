'use client';
/**
 * Profile → Delivery Addresses (spec §2 Profile, §5 Profile address form, §8 Profile): the list,
 * adding an address, removing one after confirmation and choosing the default. Calls
 * /api/users/addresses.
 */
import { useState } from 'react';
import { FormMessage } from '@/components/auth/field';
import type { AddressJson } from '@/lib/accounts/mappers';
import { AddressForm, type AddressFormOutput } from './address-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiRequest, failureText } from './profile-api';
import { ProfileSection, dangerLinkButton, linkButton, secondaryButton } from './section';

type Message = { kind: 'success' | 'error'; text: string } | null;

function addressLines(a: AddressJson): string[] {
  return [a.street_address, [a.city, a.state_province, a.postal_code].filter(Boolean).join(', '), a.country];
}

export function AddressesSection({ initialAddresses }: { initialAddresses: AddressJson[] }) {
  const [addresses, setAddresses] = useState(initialAddresses);
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);

  const add = async (values: AddressFormOutput): Promise<boolean> => {
    setMessage(null);
    const result = await apiRequest<AddressJson>('POST', '/api/users/addresses', values);
    if (!result.ok) {
      setMessage({ kind: 'error', text: failureText(result, 'Failed to add new delivery address. Please try again.') });
      return false;
    }
    const created = result.data;
    setAddresses((list) => [...list.map((a) => (created.is_default ? { ...a, is_default: false } : a)), created]);
    setAdding(false);
    setMessage({ kind: 'success', text: 'New delivery address added successfully!' });
    return true;
  };

  const remove = async (id: number) => {
    setMessage(null);
    setBusyId(id);
    const result = await apiRequest('DELETE', `/api/users/addresses/${id}`);
    setBusyId(null);
    if (!result.ok) return setMessage({ kind: 'error', text: failureText(result, 'Failed to remove delivery address. Please try again.') });
    setAddresses((list) => list.filter((a) => a.address_id !== id));
    setMessage({ kind: 'success', text: 'Delivery address removed successfully!' });
  };

  const makeDefault = async (id: number) => {
    setMessage(null);
    setBusyId(id);
    const result = await apiRequest<AddressJson>('PUT', `/api/users/addresses/${id}`, { is_default: true });
    setBusyId(null);
    if (!result.ok) return setMessage({ kind: 'error', text: failureText(result, 'Failed to update delivery address. Please try again.') });
    setAddresses((list) => list.map((a) => ({ ...a, is_default: a.address_id === id })));
    setMessage({ kind: 'success', text: 'Default delivery address updated.' });
  };

  return (
    <ProfileSection
      id="addresses"
      title="Delivery Addresses"
      description="Where your furniture should arrive."
      action={
        !adding && (
          <button type="button" className={secondaryButton} onClick={() => (setMessage(null), setAdding(true))}>
            Add address
          </button>
        )
      }
    >
      <div className="space-y-4">
        {addresses.length === 0 && !adding && <p className="text-sm text-muted">No delivery addresses yet.</p>}
        {addresses.length > 0 && (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Saved delivery addresses">
            {addresses.map((a) => {
              const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
              return (
                <li key={a.address_id} data-testid="address-card" className="flex flex-col justify-between gap-3 rounded-lg border border-line p-4">
                  <address className="text-sm not-italic">
                    <p className="font-semibold text-ink">
                      {name || 'Delivery address'}
                      {a.is_default && <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand">Default</span>}
                    </p>
                    {addressLines(a).map((line, i) => (
                      <p key={i} className="text-muted">
                        {line}
                      </p>
                    ))}
                    {a.phone_number && <p className="text-muted">{a.phone_number}</p>}
                  </address>
                  <div className="flex gap-4">
                    {!a.is_default && (
                      <button type="button" className={linkButton} disabled={busyId === a.address_id} onClick={() => makeDefault(a.address_id)}>
                        Set as default
                      </button>
                    )}
                    <ConfirmDialog
                      title="Remove delivery address"
                      description={`Are you sure you want to remove the delivery address at ${a.street_address}?`}
                      confirmLabel="Remove"
                      onConfirm={() => remove(a.address_id)}
                      trigger={
                        <button type="button" className={dangerLinkButton} disabled={busyId === a.address_id} aria-label={`Remove delivery address ${a.street_address}`}>
                          Remove
                        </button>
                      }
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {adding && <AddressForm onSubmit={add} onCancel={() => setAdding(false)} makeDefault={addresses.length === 0} />}
        <FormMessage message={message} />
      </div>
    </ProfileSection>
  );
}
