'use client';
/**
 * Profile → Contacts (spec §2 Profile, §5 Contact form, §8 Profile): the list, adding or editing a
 * contact (first name, last name, phone and email, all required), removing one after confirmation
 * and choosing the default. Calls /api/users/contacts through SavedList, shared with Delivery Addresses.
 */
import type { z } from 'zod';
import type { ContactJson } from '@/lib/accounts/mappers';
import { contactSchema } from '@/lib/accounts/contact-schema';
import { api } from '@/lib/api/client';
import { NewItemForm, type FieldSpec } from './new-item-form';
import { DefaultBadge, SavedList } from './saved-list';

const FIELDS: FieldSpec<z.input<typeof contactSchema>>[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name', maxLength: 100 },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name', maxLength: 100 },
  { name: 'phone_number', label: 'Phone number', type: 'tel', autoComplete: 'tel', maxLength: 40 },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: 254 },
];

export function ContactsSection({ initialContacts }: { initialContacts: ContactJson[] }) {
  return (
    <SavedList<ContactJson, z.output<typeof contactSchema>>
      id="contacts"
      title="Contacts"
      description="Who we call or email about a delivery."
      addLabel="Add contact"
      emptyText="No contacts yet. Add one to speed up checkout."
      listLabel="Saved contacts"
      cardTestId="contact-card"
      noun="contact"
      initial={initialContacts}
      idOf={(c) => c.contact_id}
      calls={{ add: api.accounts.addContact, update: api.accounts.updateContact, remove: api.accounts.removeContact }}
      details={(c) => (
        <div className="text-sm">
          <p className="font-semibold text-ink">
            {c.first_name} {c.last_name}
            <DefaultBadge show={c.is_default} />
          </p>
          <p className="mt-1 text-muted">{c.phone_number}</p>
          <p className="break-all text-muted">{c.email}</p>
        </div>
      )}
      removal={(c) => ({
        label: `Remove contact ${c.first_name} ${c.last_name}`,
        title: 'Remove contact',
        text: `Are you sure you want to remove ${c.first_name} ${c.last_name} from your contacts?`,
      })}
      editLabel={(c) => `Edit contact ${c.first_name} ${c.last_name}`}
      form={({ makeDefault, item, ...actions }) => (
        <NewItemForm
          label={item ? 'Edit contact' : 'New contact'}
          schema={contactSchema}
          fields={FIELDS}
          defaultValues={{ first_name: item?.first_name ?? '', last_name: item?.last_name ?? '', phone_number: item?.phone_number ?? '', email: item?.email ?? '', is_default: makeDefault }}
          defaultLabel="Use as my default contact"
          submitLabel={item ? 'Save contact' : 'Add contact'}
          busyLabel={item ? 'Saving…' : 'Adding…'}
          {...actions}
        />
      )}
    />
  );
}
