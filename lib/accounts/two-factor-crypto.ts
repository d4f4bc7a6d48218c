/**
 * Encryption at rest of TOTP secrets (docs/accounts-and-security.md "Two-factor sign-in").
 *
 * AES-256-GCM with a key derived from AUTH_SECRET by HKDF-SHA256 (Node's crypto), so a copy of the
 * database alone does not give the secrets away. A stored value is `v1.<iv>.<tag>.<ciphertext>`
 * (base64url); the user id is bound in as associated data, so a secret copied onto another
 * account's row does not decrypt. Changing AUTH_SECRET makes every stored secret unreadable: those
 * accounts then sign in with a recovery code and enrol again.
 */
import 'server-only';
import crypto from 'node:crypto';
import { authSecret } from '@/lib/auth/secret';

const INFO = 'furniture-shop totp-secret v1';
let cachedKey: { secret: string; key: Buffer } | undefined;

function key(): Buffer {
  const secret = authSecret();
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32)) };
  }
  return cachedKey.key;
}

/** Encrypts a TOTP secret (base32 text) for the user's row. */
export function encryptTotpSecret(userId: number, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/**
 * Decrypts a value made by encryptTotpSecret for the same user.
 * @returns the secret, or null when the value was tampered with, belongs to another user or was
 *   encrypted under another AUTH_SECRET.
 */
export function decryptTotpSecret(userId: number, stored: string): string | null {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
