'use client';
/**
 * Profile → Contacts (spec §2 Profile, §5 Contact form, §8 Profile): the list, adding a contact,
 * removing one after confirmation and choosing the default. Calls /api/users/contacts.
 */
import { useState } from 'react';
import { FormMessage } from '@/components/auth/field';
import type { ContactJson } from '@/lib/accounts/mappers';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ContactForm, type ContactFormOutput } from './contact-form';
import { apiRequest, failureText } from './profile-api';
import { ProfileSection, dangerLinkButton, linkButton, secondaryButton } from './section';

type Message = { kind: 'success' | 'error'; text: string } | null;

export function ContactsSection({ initialContacts }: { initialContacts: ContactJson[] }) {
  const [contacts, setContacts] = useState(initialContacts);
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);

  const add = async (values: ContactFormOutput): Promise<boolean> => {
    setMessage(null);
    const result = await apiRequest<ContactJson>('POST', '/api/users/contacts', values);
    if (!result.ok) {
      setMessage({ kind: 'error', text: failureText(result, 'Failed to add new contact. Please try again.') });
      return false;
    }
    const created = result.data;
    setContacts((list) => [...list.map((c) => (created.is_default ? { ...c, is_default: false } : c)), created]);
    setAdding(false);
    setMessage({ kind: 'success', text: 'New contact added successfully!' });
    return true;
  };

  const remove = async (id: number) => {
    setMessage(null);
    setBusyId(id);
    const result = await apiRequest('DELETE', `/api/users/contacts/${id}`);
    setBusyId(null);
    if (!result.ok) return setMessage({ kind: 'error', text: failureText(result, 'Failed to remove contact. Please try again.') });
    setContacts((list) => list.filter((c) => c.contact_id !== id));
    setMessage({ kind: 'success', text: 'Contact removed successfully!' });
  };

  const makeDefault = async (id: number) => {
    setMessage(null);
    setBusyId(id);
    const result = await apiRequest<ContactJson>('PUT', `/api/users/contacts/${id}`, { is_default: true });
    setBusyId(null);
    if (!result.ok) return setMessage({ kind: 'error', text: failureText(result, 'Failed to update contact. Please try again.') });
    setContacts((list) => list.map((c) => ({ ...c, is_default: c.contact_id === id })));
    setMessage({ kind: 'success', text: 'Default contact updated.' });
  };

  return (
    <ProfileSection
      id="contacts"
      title="Contacts"
      description="Who we call or email about a delivery."
      action={
        !adding && (
          <button type="button" className={secondaryButton} onClick={() => (setMessage(null), setAdding(true))}>
            Add contact
          </button>
        )
      }
    >
      <div className="space-y-4">
        {contacts.length === 0 && !adding && <p className="text-sm text-muted">No contacts yet. Add one to speed up checkout.</p>}
        {contacts.length > 0 && (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label="Saved contacts">
            {contacts.map((c) => (
              <li key={c.contact_id} data-testid="contact-card" className="flex flex-col justify-between gap-3 rounded-lg border border-line p-4">
                <div className="text-sm">
                  <p className="font-semibold text-ink">
                    {c.first_name} {c.last_name}
                    {c.is_default && <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand">Default</span>}
                  </p>
                  <p className="mt-1 text-muted">{c.phone_number}</p>
                  <p className="break-all text-muted">{c.email}</p>
                </div>
                <div className="flex gap-4">
                  {!c.is_default && (
                    <button type="button" className={linkButton} disabled={busyId === c.contact_id} onClick={() => makeDefault(c.contact_id)}>
                      Set as default
                    </button>
                  )}
                  <ConfirmDialog
                    title="Remove contact"
                    description={`Are you sure you want to remove ${c.first_name} ${c.last_name} from your contacts?`}
                    confirmLabel="Remove"
                    onConfirm={() => remove(c.contact_id)}
                    trigger={
                      <button type="button" className={dangerLinkButton} disabled={busyId === c.contact_id} aria-label={`Remove contact ${c.first_name} ${c.last_name}`}>
                        Remove
                      </button>
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        {adding && <ContactForm onSubmit={add} onCancel={() => setAdding(false)} makeDefault={contacts.length === 0} />}
        <FormMessage message={message} />
      </div>
    </ProfileSection>
  );
}
