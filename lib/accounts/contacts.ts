/**
 * The signed-in user's contacts (spec §2 Profile → Contacts, §3 Contact, §5 Contact form, §7
 * GET/POST /users/contacts, DELETE /users/contacts/{id}).
 *
 * The owner is in every WHERE clause: someone else's contact id is "not found" and nothing
 * changes. At most one contact per user is the default, kept so the same way as addresses: the
 * user's row is locked and the others are unset in the same transaction.
 */
import 'server-only';
import { and, asc, eq, ne } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { contacts, type NewContact } from '@/db/schema';
import { notFound } from '@/lib/server/errors';
import type { ContactInput } from '@/lib/accounts/contact-schema';
import type { ContactUpdateInput } from '@/lib/accounts/schemas';
import { lockUser } from './addresses';
import { toContactJson, type ContactJson } from './mappers';

export const CONTACT_NOT_FOUND = 'Contact not found.';

/** The fields of a new contact (contactSchema output; is_default optional). */
export type ContactFields = Omit<ContactInput, 'is_default'> & { is_default?: boolean };

/** The user's contacts, oldest first, as spec §3 JSON. */
export async function listContacts(userId: number, executor: Executor = db): Promise<ContactJson[]> {
  const rows = await executor.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.id));
  return rows.map(toContactJson);
}

/**
 * One of the user's contacts.
 * @throws AppError not_found (404) when it does not exist or belongs to someone else.
 */
export async function getContact(userId: number, contactId: number, executor: Executor = db): Promise<ContactJson> {
  const [row] = await executor.select().from(contacts).where(and(eq(contacts.id, contactId), eq(contacts.userId, userId))).limit(1);
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return toContactJson(row);
}

/**
 * Saves a new contact for the user; with is_default, the user's other contacts stop being default.
 * @param input validated fields (contactSchema output)
 * @param executor db, or the caller's transaction (e.g. order creation) to take part in it
 * @returns the created contact as spec §3 JSON
 */
export async function createContact(userId: number, input: ContactFields, executor: Executor = db): Promise<ContactJson> {
  return executor.transaction(async (tx) => {
    const isDefault = Boolean(input.is_default);
    if (isDefault) {
      await lockUser(tx, userId);
      await tx.update(contacts).set({ isDefault: false }).where(and(eq(contacts.userId, userId), eq(contacts.isDefault, true)));
    }
    const [row] = await tx
      .insert(contacts)
      .values({
        userId,
        firstName: input.first_name,
        lastName: input.last_name,
        phoneNumber: input.phone_number,
        email: input.email,
        isDefault,
      })
      .returning();
    return toContactJson(row);
  });
}

/**
 * Edits the fields present in the input; {is_default: true} makes it the user's only default.
 * @returns the updated contact as spec §3 JSON
 * @throws AppError not_found (404) for someone else's or a missing contact (nothing changes).
 */
export async function updateContact(userId: number, contactId: number, input: ContactUpdateInput): Promise<ContactJson> {
  return db.transaction(async (tx) => {
    if (input.is_default) await lockUser(tx, userId);
    const set: Partial<NewContact> = {};
    if (input.first_name !== undefined) set.firstName = input.first_name;
    if (input.last_name !== undefined) set.lastName = input.last_name;
    if (input.phone_number !== undefined) set.phoneNumber = input.phone_number;
    if (input.email !== undefined) set.email = input.email;
    if (input.is_default !== undefined) set.isDefault = input.is_default;
    const [row] = await tx
      .update(contacts)
      .set(set)
      .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
      .returning();
    if (!row) throw notFound(CONTACT_NOT_FOUND);
    if (input.is_default) {
      await tx
        .update(contacts)
        .set({ isDefault: false })
        .where(and(eq(contacts.userId, userId), ne(contacts.id, contactId), eq(contacts.isDefault, true)));
    }
    return toContactJson(row);
  });
}

/**
 * Deletes one of the user's contacts. Orders keep their own snapshot of the contact.
 * @throws AppError not_found (404) for someone else's or a missing contact (nothing changes).
 */
export async function deleteContact(userId: number, contactId: number): Promise<void> {
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  if (deleted.length === 0) throw notFound(CONTACT_NOT_FOUND);
}
