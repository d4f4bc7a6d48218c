/** Account contracts (spec §3 User, Address, Contact, Login response). Never a password hash. */
import { z } from 'zod';
import { PAYMENT_TYPES } from '@/db/schema';
import { contracts, dateTime, id, nullableText } from '@/lib/server/contracts';

/** {user_id, user_name, email, is_admin}: what register and login answer. */
export const userJson = z.strictObject({ user_id: id, user_name: z.string().min(1), email: z.string().min(1), is_admin: z.boolean() }).register(contracts, { id: 'User' });
export type UserJson = z.infer<typeof userJson>;

/** GET/PUT /api/users/profile: the user plus first_name, last_name, phone_number (null when unset). */
export const profileJson = userJson.extend({ first_name: nullableText, last_name: nullableText, phone_number: nullableText }).register(contracts, { id: 'Profile' });
export type ProfileJson = z.infer<typeof profileJson>;

/**
 * A saved payment method (spec §3 Payment method): a card's brand, last four digits and expiry, or a
 * PayPal e-mail; never a card number nor the provider's id. Kept with the accounts, below payments,
 * because the account's data export lists them too.
 */
export const paymentMethodJson = z
  .strictObject({
    payment_method_id: id,
    payment_type: z.enum(PAYMENT_TYPES),
    card_brand: nullableText,
    card_last4: z.string().regex(/^\d{4}$/).nullable(),
    card_exp_month: z.number().int().min(1).max(12).nullable(),
    card_exp_year: z.number().int().nullable(),
    paypal_email: nullableText,
    is_default: z.boolean(),
    created_at: dateTime,
  })
  .register(contracts, { id: 'PaymentMethod' });
export type PaymentMethodJson = z.infer<typeof paymentMethodJson>;


export const addressJson = z
  .strictObject({
    address_id: id,
    street_address: z.string().min(1),
    city: z.string().min(1),
    state_province: nullableText,
    postal_code: nullableText,
    country: z.string().min(1),
    is_default: z.boolean(),
    first_name: nullableText,
    last_name: nullableText,
    phone_number: nullableText,
  })
  .register(contracts, { id: 'Address' });
export type AddressJson = z.infer<typeof addressJson>;

/**
 * POST /api/users/addresses, PUT /api/users/addresses/{id}: the address, and `delivery_note`, why
 * the shop cannot deliver there (a postcode outside every delivery zone, a zone not served, not
 * New Zealand), or null when it can. The address is saved either way.
 */
export const savedAddressJson = addressJson.extend({ delivery_note: nullableText }).register(contracts, { id: 'SavedAddress' });
export type SavedAddressJson = z.infer<typeof savedAddressJson>;

export const contactJson = z
  .strictObject({ contact_id: id, first_name: z.string().min(1), last_name: z.string().min(1), phone_number: z.string().min(1), email: z.string().min(1), is_default: z.boolean() })
  .register(contracts, { id: 'Contact' });
export type ContactJson = z.infer<typeof contactJson>;

/** POST /api/users/login. */
export const signedInJson = z.strictObject({ token: z.string().min(1), user: userJson });
/**
 * POST /api/users/login for an account with two-factor sign-in on: no token yet, a challenge for
 * POST /api/users/login/two-factor (valid until expires_at, 5 minutes; used once).
 */
export const twoFactorChallengeJson = z
  .strictObject({ two_factor_required: z.literal(true), challenge: z.string().min(1), expires_at: dateTime })
  .register(contracts, { id: 'TwoFactorChallenge' });
/** POST /api/users/login: a token, or a challenge when the account has a second factor. */
export const loginJson = z.union([signedInJson, twoFactorChallengeJson]);
/** GET /api/users/profile/two-factor. */
export const twoFactorStatusJson = z.strictObject({ enabled: z.boolean(), recovery_codes_left: z.number().int().min(0) });
/** POST /api/users/profile/two-factor: what an authenticator app needs (the secret is shown this once). */
export const totpEnrolmentJson = z.strictObject({ secret: z.string().min(16), otpauth_url: z.string().startsWith('otpauth://totp/'), qr_code_svg: z.string().startsWith('<svg') });
/** POST /api/users/profile/two-factor/confirm: the recovery codes, shown once. */
export const recoveryCodesJson = z.strictObject({ recovery_codes: z.array(z.string().regex(/^[a-z2-9]{5}-[a-z2-9]{5}$/)).length(10) });
/** A passkey as Profile → Security lists it (GET /api/users/profile/passkeys). */
export const passkeyJson = z.strictObject({ id, name: z.string().min(1), created_at: dateTime, last_used_at: dateTime.nullable() }).register(contracts, { id: 'Passkey' });
/** POST /api/users/profile/passkeys (201): the passkey, and 10 recovery codes shown once when the account had none left. */
export const passkeyRegisteredJson = z.strictObject({ passkey: passkeyJson, recovery_codes: recoveryCodesJson.shape.recovery_codes.nullable() });
const b64url = z.string().regex(/^[A-Za-z0-9_-]+$/);
/** WebAuthn options for navigator.credentials.create (@simplewebauthn/server, PublicKeyCredentialCreationOptionsJSON). */
export const passkeyCreationOptionsJson = z
  .looseObject({ challenge: b64url, rp: z.looseObject({ name: z.string(), id: z.string().optional() }), user: z.looseObject({ id: b64url, name: z.string(), displayName: z.string() }), pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })) })
  .register(contracts, { id: 'PasskeyCreationOptions' });
/** WebAuthn options for navigator.credentials.get (PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptionsJson = z.looseObject({ challenge: b64url, rpId: z.string().optional(), allowCredentials: z.array(z.looseObject({ id: b64url, type: z.literal('public-key') })).optional() }).register(contracts, { id: 'PasskeyRequestOptions' });
/** POST /api/users/register (201). */
export const registeredJson = z.strictObject({ user: userJson });
/** PUT /api/users/profile/change-password: the caller stays signed in, every other session ends. */
export const passwordChangedJson = z.strictObject({ message: z.string().min(1) });

/** GET /api/users item (spec §3 User). */
export const adminUserJson = z
  .strictObject({
    user_id: id,
    user_name: z.string().min(1),
    email: z.string().min(1),
    is_admin: z.boolean(),
    first_name: nullableText,
    last_name: nullableText,
    phone_number: nullableText,
    created_at: dateTime,
    deactivated: z.boolean(),
  })
  .register(contracts, { id: 'AdminUser' });
export type AdminUserJson = z.infer<typeof adminUserJson>;

/** DELETE /api/users/{id}: a user with orders is deactivated, not erased. */
export const userDeletedJson = z.strictObject({ success: z.literal(true), deactivated: z.boolean() });

/** GET /api/admins item (spec §3 Administrator). */
export const adminJson = z.strictObject({ id, username: z.string().min(1), email: z.string().min(1) }).register(contracts, { id: 'Administrator' });
export type AdminJson = z.infer<typeof adminJson>;

/** GET/POST /api/roles item, PATCH /api/roles/{id}: a role with its permissions and how many active staff hold it. */
export const roleJson = z
  .strictObject({
    id,
    name: z.string().min(1),
    description: z.string(),
    built_in: z.boolean(),
    permissions: z.array(z.string()),
    staff_count: z.number().int().min(0),
  })
  .register(contracts, { id: 'Role' });
export type RoleJson = z.infer<typeof roleJson>;

/** PUT /api/users/{id}/roles: the staff member's roles and the permissions they add up to. */
export const staffRolesJson = z.strictObject({ user_id: id, role_ids: z.array(id), permissions: z.array(z.string()) }).register(contracts, { id: 'StaffRoles' });
export type StaffRolesJson = z.infer<typeof staffRolesJson>;

/**
 * GET /api/users/profile/sessions item: a signed-in device. `device` is read from the user agent
 * ("Chrome on macOS"), `kind` says whether it is a browser (`cookie`) or an API client's bearer
 * token (`token`), `current` marks the session the request came with.
 */
export const userSessionJson = z
  .strictObject({
    id: z.uuid(),
    kind: z.enum(['cookie', 'token']),
    device: z.string().min(1),
    address: nullableText,
    signed_in_at: dateTime,
    last_active_at: dateTime,
    current: z.boolean(),
  })
  .register(contracts, { id: 'UserSession' });
export type UserSessionJson = z.infer<typeof userSessionJson>;

/** DELETE /api/users/profile/sessions: how many other sessions were signed out. */
export const sessionsEndedJson = z.strictObject({ message: z.string().min(1), ended: z.number().int().nonnegative() });

/** GET/PUT /api/users/profile/marketing-consent, POST /api/unsubscribe: the consent now and the words of its box. */
export const marketingConsentJson = z
  .strictObject({ marketing_consent: z.boolean(), consented_at: dateTime.nullable(), wording: z.string().min(1) })
  .register(contracts, { id: 'MarketingConsent' });
