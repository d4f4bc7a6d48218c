/**
 * Request bodies of passkeys (docs/accounts-and-security.md "Passkeys"); shared by the forms and
 * the API. The authenticator's answers are checked for their shape here and verified by
 * @simplewebauthn/server (lib/accounts/passkeys.ts).
 */
import { z } from 'zod';
import { PASSWORD_MAX } from './schemas';

/** base64url text as WebAuthn answers carry it (at most 16 KB: attestation objects are small without certificates). */
const b64url = z.string({ error: 'The passkey answer is not valid.' }).max(16_384, 'The passkey answer is not valid.').regex(/^[A-Za-z0-9_-]*$/, 'The passkey answer is not valid.');
const extensions = z.record(z.string(), z.unknown()).default({});
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** What @simplewebauthn/browser startRegistration gives (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key', { error: 'The passkey answer is not valid.' }),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    authenticatorData: b64url.optional(),
    transports: z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
});

/** What @simplewebauthn/browser startAuthentication gives (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key', { error: 'The passkey answer is not valid.' }),
  response: z.object({ clientDataJSON: b64url, authenticatorData: b64url, signature: b64url, userHandle: b64url.optional() }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
});

/** The name a person gives a passkey ("Work laptop"). */
export const passkeyName = z.string({ error: 'Please name this passkey.' }).trim().min(1, 'Please name this passkey.').max(60, 'A passkey name is at most 60 characters.');

/** POST /api/users/profile/passkeys. */
export const registerPasskeySchema = z.object({ name: passkeyName, response: registrationResponseSchema });

/** DELETE /api/users/profile/passkeys/{id}: the password. */
export const removePasskeySchema = z.object({
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
});

const challenge = z.string({ error: 'That sign-in challenge is not valid.' }).min(1, 'That sign-in challenge is not valid.').max(128, 'That sign-in challenge is not valid.');

/** POST /api/users/login/passkey/options: with the password step's challenge for the second factor, empty for a passkey sign-in. */
export const passkeyOptionsSchema = z.object({ challenge: challenge.optional() });

/** POST /api/users/login/passkey: the authenticator's answer, with the challenge when it is the second factor. */
export const loginPasskeySchema = z.object({ challenge: challenge.optional(), response: authenticationResponseSchema });
export type LoginPasskeyInput = z.infer<typeof loginPasskeySchema>;
