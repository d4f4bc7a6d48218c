/**
 * "Forgot password?" (docs/accounts-and-security.md): a single-use link e-mailed through the outbox.
 *
 * - A request names an e-mail address. Whether or not an account uses it, the answer is the same
 *   (RESET_REQUESTED), so the form cannot tell who has an account. Requests count against the
 *   login limits of that address and of the client (lib/accounts/login.ts), before anything is
 *   looked up, so a refusal (429) says nothing either.
 * - For an active account: a random 256-bit token; only its SHA-256 is stored, with an expiry
 *   RESET_MINUTES ahead; older unused links of the account end; the "reset your password" e-mail
 *   carrying the link is written in the same transaction (lib/mail/events.ts mailPasswordReset).
 * - An administrator's "Send reset link" (User Management) issues the same link to the account's
 *   own address (sendPasswordResetLink): staff never type or see a customer's password.
 * - Using the link sets the new password once: the token row is locked, must be unused and
 *   unexpired, and is marked used in the transaction that sets the password and ends every
 *   session and bearer token of the account (lib/auth/sessions.ts endSessions).
 */
import 'server-only';
import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { passwordResetTokens, users } from '@/db/schema';
import { hashPassword } from '@/lib/auth/password';
import { endSessions } from '@/lib/auth/sessions';
import { kickDelivery } from '@/lib/mail/deliver';
import { mailPasswordReset } from '@/lib/mail/events';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { conflict, notFound, badRequest, rateLimited } from '@/lib/server/errors';
import { hit } from '@/lib/server/rate-limit';
import { LOGIN_LIMIT_PER_ADDRESS, LOGIN_LIMIT_PER_IDENTIFIER, LOGIN_WINDOW_MS, loginKeys } from './login';
import type { PasswordResetInput } from './schemas';

/** How long a reset link works. */
export const RESET_MINUTES = 30;

/** The one answer to every accepted request, known address or not. */
export const RESET_REQUESTED = `If an account uses that email address, we have sent it a link to choose a new password. The link works for ${RESET_MINUTES} minutes.`;
export const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests. Please wait a few minutes and try again.';
export const RESET_LINK_INVALID = 'This password reset link is invalid, has expired or has already been used. Please ask for a new one.';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * POST /api/users/password-reset: e-mails a reset link to the active account with this address.
 * @param email the address, already lower-cased (passwordResetRequestSchema)
 * @param address the client's address (loginAddress)
 * @returns RESET_REQUESTED, whether or not an account uses the address
 * @throws AppError rate_limited (429) past the login limits of the address or the client.
 */
export async function requestPasswordReset(email: string, address: string): Promise<{ message: string }> {
  const keys = loginKeys(email, address);
  const [byIdentifier, byAddress] = await Promise.all([
    hit(`reset:${keys.identifier}`, LOGIN_LIMIT_PER_IDENTIFIER, LOGIN_WINDOW_MS),
    hit(`reset:${keys.address}`, LOGIN_LIMIT_PER_ADDRESS, LOGIN_WINDOW_MS),
  ]);
  if (byIdentifier.limited || byAddress.limited) throw rateLimited(TOO_MANY_RESET_REQUESTS);
  const sent = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deactivatedAt)))
      .limit(1);
    if (!user) return false;
    await issueResetLink(tx, user);
    return true;
  });
  if (sent) kickDelivery();
  return { message: RESET_REQUESTED };
}

/**
 * In the caller's transaction: ends the account's older links, stores the hash of a new random
 * token and writes the "reset your password" e-mail carrying the link to the outbox.
 */
async function issueResetLink(tx: Executor, user: { id: number; email: string; firstName: string | null; lastName: string | null }): Promise<void> {
  const token = crypto.randomBytes(32).toString('base64url');
  await endResetLinks(tx, user.id);
  const expiresAt = new Date(Date.now() + RESET_MINUTES * 60_000);
  const [row] = await tx.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt }).returning({ id: passwordResetTokens.id });
  await mailPasswordReset(tx, { tokenId: row.id, email: user.email, person: user, token, expiresAt, minutes: RESET_MINUTES });
}

/**
 * POST /api/users/{id}/reset-password — an administrator sends the account a password reset link
 * (User Management's "Send reset link"): the same single-use link and e-mail as "Forgot password?",
 * written to the outbox in one transaction, to the account's own address. The password and the
 * sessions stay as they are until the link is used (resetPassword ends them then).
 * @returns the message naming the address the link went to
 * @throws 401/403 not an administrator; 404 unknown user; 409 a deactivated account (it cannot
 *   sign in, so a link would not help)
 */
export async function sendPasswordResetLink(actor: SessionUser, id: number): Promise<{ message: string }> {
  authorize(actor, 'customers.write');
  const email = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, userName: users.userName, firstName: users.firstName, lastName: users.lastName, deactivatedAt: users.deactivatedAt, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!user) throw notFound('User not found.');
    // A staff member's reset link is staff.manage's: it is a way into their account.
    if (user.isAdmin) authorize(actor, 'staff.manage');
    if (user.deactivatedAt) throw conflict(`${user.userName}'s account is deactivated and cannot sign in, so no reset link was sent.`);
    await issueResetLink(tx, user);
    await recordAudit(tx, actor, { action: 'user.reset_link', target: { type: 'user', id: user.id, label: `${user.userName} <${user.email}>` }, after: { resetLinkSentTo: user.email } });
    return user.email;
  });
  kickDelivery();
  return { message: `A password reset link has been sent to ${email}. It works for ${RESET_MINUTES} minutes.` };
}

/** Ends every unused reset link of the account (a newer link, a password change, a reset). */
export async function endResetLinks(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * POST /api/users/password-reset/confirm: sets the new password of the link's account, once.
 * Every session and bearer token of the account ends; the customer then logs in with the new
 * password.
 * @throws AppError bad_request (400, RESET_LINK_INVALID) for an unknown, used or expired token,
 *   or a deactivated account.
 */
export async function resetPassword(input: PasswordResetInput): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.tokenHash, hashToken(input.token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)))
      .for('update');
    if (!link) throw badRequest(RESET_LINK_INVALID);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, link.userId), isNull(users.deactivatedAt)))
      .returning({ id: users.id });
    if (!user) throw badRequest(RESET_LINK_INVALID);
    await endResetLinks(tx, link.userId);
    await endSessions(tx, link.userId);
  });
  return { message: 'Your password has been changed. Please log in with your new password.' };
}
