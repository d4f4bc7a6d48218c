// GET, POST /api/users/contacts — the signed-in user's contacts (spec §3 Contact, §5 Contact form, §7 GET/POST /users/contacts)
import { createContact, listContacts } from '@/lib/accounts/contacts';
import { json, route } from '@/lib/http/route';
import { contactSchema } from '@/lib/accounts/contact-schema';

/** → 200 [{contact_id, first_name, last_name, phone_number, email, is_default}], oldest first. */
export const GET = route({ auth: 'user' }, ({ user }) => listContacts(user.id));

/**
 * Body {first_name, last_name, phone_number, email} (all required), is_default optional (making
 * it default unsets the others).
 * → 201 the contact; 400 invalid data; 401 without a session.
 */
export const POST = route({ auth: 'user', body: contactSchema }, async ({ user, body }) => json(await createContact(user.id, body), 201));
