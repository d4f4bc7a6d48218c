'use client';
/**
 * Profile → Contacts (spec §2 Profile, §5 Contact form, §8 Profile): the list, adding a contact,
 * removing one after confirmation and choosing the default. Calls /api/users/contacts (through
 * useSavedList, shared with Delivery Addresses).
 */
import { FormMessage } from '@/components/auth/field';
import type { ContactJson } from '@/lib/accounts/mappers';
import { ContactForm } from './contact-form';
import { DefaultBadge, SavedItemActions, useSavedList } from './saved-list';
import { ProfileSection, secondaryButton } from './section';

export function ContactsSection({ initialContacts }: { initialContacts: ContactJson[] }) {
  const list = useSavedList(initialContacts, '/api/users/contacts', 'contact', (c) => c.contact_id);
  const { items: contacts, adding } = list;

  return (
    <ProfileSection
      id="contacts"
      title="Contacts"
      description="Who we call or email about a delivery."
      action={
        !adding && (
          <button type="button" className={secondaryButton} onClick={list.startAdding}>
            Add contact
          </button>
        )
      }
    >
      <div className="space-y-4">
        {contacts.length === 0 && !adding && <p className="text-sm text-muted">No contacts yet. Add one to speed up checkout.</p>}
        {contacts.length > 0 && (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Saved contacts">
            {contacts.map((c) => (
              <li key={c.contact_id} data-testid="contact-card" className="flex flex-col justify-between gap-3 rounded-lg border border-line p-4">
                <div className="text-sm">
                  <p className="font-semibold text-ink">
                    {c.first_name} {c.last_name}
                    <DefaultBadge show={c.is_default} />
                  </p>
                  <p className="mt-1 text-muted">{c.phone_number}</p>
                  <p className="break-all text-muted">{c.email}</p>
                </div>
                <SavedItemActions
                  isDefault={c.is_default}
                  busy={list.busyId === c.contact_id}
                  onMakeDefault={() => list.makeDefault(c.contact_id)}
                  onRemove={() => list.remove(c.contact_id)}
                  removeLabel={`Remove contact ${c.first_name} ${c.last_name}`}
                  confirmTitle="Remove contact"
                  confirmText={`Are you sure you want to remove ${c.first_name} ${c.last_name} from your contacts?`}
                />
              </li>
            ))}
          </ul>
        )}
        {adding && <ContactForm onSubmit={list.add} onCancel={() => list.setAdding(false)} makeDefault={contacts.length === 0} />}
        <FormMessage message={list.message} />
      </div>
    </ProfileSection>
  );
}
