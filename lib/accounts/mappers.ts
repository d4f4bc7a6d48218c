/**
 * Row → JSON mappers for the account resources: the spec's snake_case field names (spec §3
 * User, Address, Contact, Payment method; Login response) live here and in the zod schemas only.
 */
import type { Address, Contact, PaymentMethod, User } from '@/db/schema';
import type { AddressJson, ContactJson, PaymentMethodJson, ProfileJson, UserJson } from '@/lib/accounts/contracts';

export type { AddressJson, ContactJson, PaymentMethodJson, ProfileJson, UserJson };

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

/** A saved payment method (lib/payments/methods.ts answers with it; the data export lists it): never the provider's id. */
export const toPaymentMethodJson = (m: PaymentMethod): PaymentMethodJson => ({
  payment_method_id: m.id,
  payment_type: m.paymentType,
  card_brand: m.cardBrand,
  card_last4: m.cardLast4,
  card_exp_month: m.cardExpMonth,
  card_exp_year: m.cardExpYear,
  paypal_email: m.paypalEmail,
  is_default: m.isDefault,
  created_at: m.createdAt.toISOString(),
});
