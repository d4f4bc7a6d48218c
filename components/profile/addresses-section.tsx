'use client';
/**
 * Profile → Delivery Addresses (spec §2 Profile, §5 Profile address form, §8 Profile): the list,
 * adding or editing an address (first name, last name, street, city, a four-digit postal code and
 * country required; state and phone optional), removing one after confirmation and choosing the
 * default. Calls /api/users/addresses through SavedList, shared with Contacts; a saved address the
 * shop does not deliver to says so.
 */
import type { z } from 'zod';
import type { AddressJson } from '@/lib/accounts/mappers';
import { profileAddressSchema } from '@/lib/accounts/address-schema';
import { api } from '@/lib/api/client';
import { NewItemForm, type FieldSpec } from './new-item-form';
import { DefaultBadge, SavedList } from './saved-list';

const FIELDS: FieldSpec<z.input<typeof profileAddressSchema>>[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name', maxLength: 100 },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name', maxLength: 100 },
  { name: 'street_address', label: 'Street address', className: 'sm:col-span-2', autoComplete: 'street-address', maxLength: 200 },
  { name: 'city', label: 'City', autoComplete: 'address-level2', maxLength: 100 },
  { name: 'state_province', label: 'State / region', optional: true, autoComplete: 'address-level1', maxLength: 100 },
  { name: 'postal_code', label: 'Postal code', autoComplete: 'postal-code', inputMode: 'numeric' },
  { name: 'country', label: 'Country', autoComplete: 'country-name', maxLength: 100 },
  { name: 'phone_number', label: 'Phone', optional: true, type: 'tel', autoComplete: 'tel', maxLength: 40 },
];

function addressLines(a: AddressJson): string[] {
  return [a.street_address, [a.city, a.state_province, a.postal_code].filter(Boolean).join(', '), a.country];
}

/** The form's values for an address: a saved one's (blank for what it lacks) or a new one's. */
const formValues = (a: AddressJson | undefined, makeDefault: boolean) => ({
  first_name: a?.first_name ?? '',
  last_name: a?.last_name ?? '',
  street_address: a?.street_address ?? '',
  city: a?.city ?? '',
  state_province: a?.state_province ?? '',
  postal_code: a?.postal_code ?? '',
  country: a?.country ?? 'New Zealand',
  phone_number: a?.phone_number ?? '',
  is_default: makeDefault,
});

export function AddressesSection({ initialAddresses }: { initialAddresses: AddressJson[] }) {
  return (
    <SavedList<AddressJson & { delivery_note?: string | null }, z.output<typeof profileAddressSchema>>
      id="addresses"
      title="Delivery Addresses"
      description="Where your furniture should arrive."
      addLabel="Add address"
      emptyText="No delivery addresses yet."
      listLabel="Saved delivery addresses"
      cardTestId="address-card"
      noun="delivery address"
      initial={initialAddresses}
      idOf={(a) => a.address_id}
      calls={{ add: api.accounts.addAddress, update: api.accounts.updateAddress, remove: api.accounts.removeAddress }}
      details={(a) => (
        <address className="text-sm not-italic">
          <p className="font-semibold text-ink">
            {[a.first_name, a.last_name].filter(Boolean).join(' ') || 'Delivery address'}
            <DefaultBadge show={a.is_default} />
          </p>
          {addressLines(a).map((line, i) => (
            <p key={i} className="text-muted">
              {line}
            </p>
          ))}
          {a.phone_number && <p className="text-muted">{a.phone_number}</p>}
        </address>
      )}
      removal={(a) => ({
        label: `Remove delivery address ${a.street_address}`,
        title: 'Remove delivery address',
        text: `Are you sure you want to remove the delivery address at ${a.street_address}?`,
      })}
      editLabel={(a) => `Edit delivery address ${a.street_address}`}
      noteOf={(a) => a.delivery_note ?? null}
      form={({ makeDefault, item, ...actions }) => (
        <NewItemForm
          label={item ? 'Edit delivery address' : 'New delivery address'}
          schema={profileAddressSchema}
          fields={FIELDS}
          defaultValues={formValues(item, makeDefault)}
          defaultLabel="Use as my default delivery address"
          submitLabel={item ? 'Save address' : 'Add address'}
          busyLabel={item ? 'Saving…' : 'Adding…'}
          {...actions}
        />
      )}
    />
  );
}
