/**
 * Row → JSON mappers for the account resources: the spec's snake_case field names (spec §3
 * User, Address, Contact; Login response) live here and in the zod schemas only.
 */
import type { Address, Contact, User } from '@/db/schema';
import type { AddressJson, ContactJson, ProfileJson, UserJson } from '@/lib/accounts/contracts';

export type { AddressJson, ContactJson, ProfileJson, UserJson };

/** {user_id, user_name, email, is_admin}: what register and login answer (never a hash). */
export const toUserJson = (u: Pick<User, 'id' | 'userName' | 'email' | 'isAdmin'>): UserJson => ({
  user_id: u.id,
  user_name: u.userName,
  email: u.email,
  is_admin: u.isAdmin,
});

/** GET/PUT /api/users/profile: the user plus first_name, last_name, phone_number (null when unset). */
export const toProfileJson = (u: Pick<User, 'id' | 'userName' | 'email' | 'isAdmin' | 'firstName' | 'lastName' | 'phoneNumber'>): ProfileJson => ({
  ...toUserJson(u),
  first_name: u.firstName,
  last_name: u.lastName,
  phone_number: u.phoneNumber,
});

export const toAddressJson = (a: Address): AddressJson => ({
  address_id: a.id,
  street_address: a.streetAddress,
  city: a.city,
  state_province: a.stateProvince,
  postal_code: a.postalCode,
  country: a.country,
  is_default: a.isDefault,
  first_name: a.firstName,
  last_name: a.lastName,
  phone_number: a.phoneNumber,
});

export const toContactJson = (c: Contact): ContactJson => ({
  contact_id: c.id,
  first_name: c.firstName,
  last_name: c.lastName,
  phone_number: c.phoneNumber,
  email: c.email,
  is_default: c.isDefault,
});
