/**
 * Builders for the account tests: request bodies, saved addresses and contacts, a browser
 * session cookie, and a distinct client address per test (the login limits count per address).
 */
import crypto from 'node:crypto';
import { createAddress } from '@/lib/accounts/addresses';
import { createContact } from '@/lib/accounts/contacts';

const uid = () => crypto.randomBytes(4).toString('hex');

/** A valid POST /api/users/register body with a fresh username and email. */
export const signupBody = (overrides: Record<string, unknown> = {}) => {
  const id = uid();
  return { user_name: `shopper_${id}`, email: `shopper_${id}@example.test`, password: 'Sturdy-pass-1', ...overrides };
};

/** A made-up client address, different for every call (X-Forwarded-For). */
export const freshIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** A valid profile address body (spec §5 Profile address form). */
export const addressBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Mere',
  last_name: 'Parata',
  street_address: `${crypto.randomInt(1, 400)} Ponsonby Road`,
  city: 'Auckland',
  state_province: 'Auckland',
  postal_code: '1011',
  country: 'New Zealand',
  phone_number: '+64 21 555 0101',
  is_default: false,
  ...overrides,
});

/** A valid contact body (spec §5 Contact form). */
export const contactBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Tama',
  last_name: 'Wiremu',
  phone_number: '021 555 0199',
  email: `tama_${uid()}@example.test`,
  is_default: false,
  ...overrides,
});

/** Saves an address for the user through the service and returns its JSON. */
export const addAddress = (userId: number, overrides: Record<string, unknown> = {}) =>
  createAddress(userId, addressBody(overrides) as Parameters<typeof createAddress>[1]);

/** Saves a contact for the user through the service and returns its JSON. */
export const addContact = (userId: number, overrides: Record<string, unknown> = {}) =>
  createContact(userId, contactBody(overrides) as Parameters<typeof createContact>[1]);

/** A `Cookie` header carrying a next-auth session for the user, as the browser would send it. */
export { sessionCookieFor } from './session-cookie';
