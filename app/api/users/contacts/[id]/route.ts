// PUT, DELETE /api/users/contacts/{id} — edit / set default / remove one of the user's contacts (spec §7 DELETE /users/contacts/{id})
import { deleteContact, updateContact } from '@/lib/accounts/contacts';
import { idParams, route } from '@/lib/http/route';
import { contactUpdateSchema } from '@/lib/accounts/schemas';

/**
 * Body: any of the contact fields (rules of the contact form), e.g. {is_default: true}.
 * → 200 the contact; 400 invalid; 401 without a session; 404 when it is not the caller's.
 */
export const PUT = route({ auth: 'user', params: idParams, body: contactUpdateSchema }, ({ user, params, body }) =>
  updateContact(user.id, params.id, body),
);

/** → 200 {success: true}; 401 without a session; 404 when it is not the caller's (nothing changes). */
export const DELETE = route({ auth: 'user', params: idParams }, async ({ user, params }) => {
  await deleteContact(user.id, params.id);
  return { success: true };
});
