'use client';
/**
 * Profile → Delivery Addresses (spec §2 Profile, §5 Profile address form, §8 Profile): the list,
 * adding an address, removing one after confirmation and choosing the default. Calls
 * /api/users/addresses (through useSavedList, shared with Contacts).
 */
import { FormMessage } from '@/components/auth/field';
import type { AddressJson } from '@/lib/accounts/mappers';
import { AddressForm } from './address-form';
import { DefaultBadge, SavedItemActions, useSavedList } from './saved-list';
import { ProfileSection, secondaryButton } from './section';

function addressLines(a: AddressJson): string[] {
  return [a.street_address, [a.city, a.state_province, a.postal_code].filter(Boolean).join(', '), a.country];
}

export function AddressesSection({ initialAddresses }: { initialAddresses: AddressJson[] }) {
  const list = useSavedList(initialAddresses, '/api/users/addresses', 'delivery address', (a) => a.address_id);
  const { items: addresses, adding } = list;

  return (
    <ProfileSection
      id="addresses"
      title="Delivery Addresses"
      description="Where your furniture should arrive."
      action={
        !adding && (
          <button type="button" className={secondaryButton} onClick={list.startAdding}>
            Add address
          </button>
        )
      }
    >
      <div className="space-y-4">
        {addresses.length === 0 && !adding && <p className="text-sm text-muted">No delivery addresses yet.</p>}
        {addresses.length > 0 && (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Saved delivery addresses">
            {addresses.map((a) => {
              const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
              return (
                <li key={a.address_id} data-testid="address-card" className="flex flex-col justify-between gap-3 rounded-lg border border-line p-4">
                  <address className="text-sm not-italic">
                    <p className="font-semibold text-ink">
                      {name || 'Delivery address'}
                      <DefaultBadge show={a.is_default} />
                    </p>
                    {addressLines(a).map((line, i) => (
                      <p key={i} className="text-muted">
                        {line}
                      </p>
                    ))}
                    {a.phone_number && <p className="text-muted">{a.phone_number}</p>}
                  </address>
                  <SavedItemActions
                    isDefault={a.is_default}
                    busy={list.busyId === a.address_id}
                    onMakeDefault={() => list.makeDefault(a.address_id)}
                    onRemove={() => list.remove(a.address_id)}
                    removeLabel={`Remove delivery address ${a.street_address}`}
                    confirmTitle="Remove delivery address"
                    confirmText={`Are you sure you want to remove the delivery address at ${a.street_address}?`}
                  />
                </li>
              );
            })}
          </ul>
        )}
        {adding && <AddressForm onSubmit={list.add} onCancel={() => list.setAdding(false)} makeDefault={addresses.length === 0} />}
        <FormMessage message={list.message} />
      </div>
    </ProfileSection>
  );
}
