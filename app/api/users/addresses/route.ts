// GET, POST /api/users/addresses — the signed-in user's delivery addresses (spec §3 Address, §5 Profile address form, §7 GET/POST /users/addresses)
import { createAddress, listAddresses, withDeliveryNote } from '@/lib/accounts/addresses';
import { json, route } from '@/lib/http/route';
import { profileAddressSchema } from '@/lib/accounts/address-schema';

/** → 200 [{address_id, street_address, city, state_province, postal_code, country, is_default, first_name, last_name, phone_number}], oldest first. */
export const GET = route({ auth: 'user' }, ({ user }) => listAddresses(user.id));

/**
 * Body: first_name, last_name, street_address, city, postal_code (four digits), country
 * (required); state_province, phone_number (optional); is_default (making it default unsets the
 * others). → 201 the address with `delivery_note` (why the shop cannot deliver there, or null);
 * 400 invalid data ("Please enter a four-digit New Zealand postcode, e.g. 6011."); 401 without a session.
 */
export const POST = route({ auth: 'user', body: profileAddressSchema }, async ({ user, body }) => json(await withDeliveryNote(await createAddress(user.id, body)), 201));
