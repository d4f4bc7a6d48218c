// PUT, DELETE /api/users/addresses/{id} — edit / set default / remove one of the user's addresses (spec §7 DELETE /users/addresses/{id})
import { deleteAddress, updateAddress, withDeliveryNote } from '@/lib/accounts/addresses';
import { idParams, route } from '@/lib/http/route';
import { addressUpdateSchema } from '@/lib/accounts/schemas';

/**
 * Body: any of the address fields (rules of the profile address form: a postcode is four digits),
 * e.g. {is_default: true} or the whole edited address. → 200 the address with `delivery_note` (why
 * the shop cannot deliver there, or null); 400 invalid; 401 without a session; 404 when it is not
 * the caller's (nothing changes).
 */
export const PUT = route({ auth: 'user', params: idParams, body: addressUpdateSchema }, async ({ user, params, body }) =>
  withDeliveryNote(await updateAddress(user.id, params.id, body)),
);

/** → 200 {success: true}; 401 without a session; 404 when it is not the caller's (nothing changes). */
export const DELETE = route({ auth: 'user', params: idParams }, async ({ user, params }) => {
  await deleteAddress(user.id, params.id);
  return { success: true };
});
