/**
 * Closing an account (Privacy Act 2020, IPP 7 and the shop's duty to keep no more than it needs;
 * docs/accounts-and-security.md "A customer's own data").
 *
 * In one transaction, with the account's row locked:
 *   - the account's personal fields are replaced: user name `closed-account-<id>`, name "Closed
 *     account #<id>", e-mail `closed-account-<id>@closed.invalid` (unique, never deliverable:
 *     `.invalid` is reserved by RFC 2606), no phone; the password hash becomes a value no password
 *     matches; deactivated_at is set and every session and API token ended (lib/auth/sessions.ts),
 *     and signing in fails with the same message as a wrong password (lib/accounts/authenticate.ts);
 *   - saved addresses and contacts are deleted (orders keep their own snapshots), the cart,
 *     unused password-reset links and back-in-stock alerts are deleted;
 *   - saved payment methods are removed (PayPal e-mail cleared; payments keep pointing at the rows),
 *     with an outbox job per saved card that detaches it at the card gateway after the commit
 *     (lib/accounts/saved-payment-methods.ts; delivered with retries by lib/payments/detach-jobs.ts);
 *   - e-mails still waiting in the outbox for the account's address are cancelled, never sent;
 *   - reviews stay, with "Former customer" as the author's name.
 * Kept as issued: orders with their delivery address and contact snapshots, payments, refunds, tax
 * invoices and credit notes — the records of a sale the Tax Administration Act 1994 (s 22) and
 * the GST Act require the shop to keep for seven years.
 *
 * The old e-mail address and user name are free afterwards: someone may sign up with them, and
 * gets a new, empty account; the closed one cannot be opened again.
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { db } from '@/db/client';
import { addresses, carts, contacts, passwordResetTokens, paymentMethods, reviews, users, stockAlerts } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { recordAudit } from '@/lib/audit/record';
import { verifyPassword } from '@/lib/auth/password';
import { endSessions } from '@/lib/auth/sessions';
import { badRequest, conflict, notFound } from '@/lib/server/errors';
import { cancelPendingMail } from '@/lib/mail/outbox';
import { checkPasswordAttempt } from './login';
import { auditedActor, authorizeOwnData, ownAccountLabel } from './privacy-access';
import { removeSavedMethods } from './saved-payment-methods';

/** The author name a closed account's reviews keep. */
export const FORMER_CUSTOMER = 'Former customer';

/** Why the outbox's pending e-mails to a closed account were not sent, as /admin/outbox shows it. */
export const MAIL_CANCELLED = 'Not sent: the account was closed.';

/** The answer to a wrong password when a customer closes their account (as a wrong current password: 400 about the field). */
export const WRONG_PASSWORD = 'Your password is not correct.';

/** What a closed account is called: its user name, its e-mail (unique, undeliverable) and the name staff see. */
export const closedAccountName = (id: number) => ({
  userName: `closed-account-${id}`,
  email: `closed-account-${id}@closed.invalid`,
  firstName: 'Closed account',
  lastName: `#${id}`,
});

/**
 * A stored password hash that no password matches: not an argon2 string, so verifyPassword answers
 * false (lib/auth/password.ts) whatever is typed.
 */
const NO_PASSWORD = '!closed';

/**
 * Closes an account and anonymises its personal data (see the module comment for what is kept).
 * @param actor the account's owner (who must give the password) or staff acting on the customer's
 *   behalf (no password)
 * @param userId the account to close
 * @param password the owner's current password (ignored for staff)
 * @param address the client's address: wrong passwords count against the login limits
 * @returns how many saved cards are to be detached at the gateway (recorded as outbox jobs)
 * @throws 401 no actor; 404 another customer's, an unknown or an already closed account; 409 an
 *   administrator's account (administrator rights are removed first; checked before the password);
 *   400 WRONG_PASSWORD (field password) for the owner's wrong or missing password; 429 past the
 *   login limits.
 */
export async function closeAccount(actor: SessionUser | null, userId: number, password: string | undefined, address: string): Promise<{ cardsToDetach: number }> {
  const who = authorizeOwnData(actor, userId);
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
    .limit(1);
  if (!user) throw notFound('Account not found.');
  // Before the password: an administrator is told what to do first rather than asked to type it in vain.
  if (user.isAdmin) throw conflict('An administrator’s account cannot be closed. Remove the administrator rights first.');
  if (who === 'self') {
    const refusal = () => badRequest(WRONG_PASSWORD, { field: 'password' });
    if (!password) throw refusal();
    await checkPasswordAttempt(user.email, address, () => verifyPassword(user.passwordHash, password), refusal);
  }

  return db.transaction(async (tx) => {
    const closed = closedAccountName(userId);
    const [row] = await tx
      .update(users)
      .set({ ...closed, phoneNumber: null, passwordHash: NO_PASSWORD, deactivatedAt: new Date(), updatedAt: new Date() })
      // The very account that was checked: a concurrent closure or a password change wins once.
      .where(and(eq(users.id, userId), isNull(users.deactivatedAt), eq(users.passwordHash, user.passwordHash), eq(users.email, user.email), eq(users.isAdmin, false)))
      .returning({ id: users.id });
    if (!row) throw conflict('Your account changed meanwhile. Please reload the page and try again.');
    await tx.delete(addresses).where(eq(addresses.userId, userId));
    await tx.delete(contacts).where(eq(contacts.userId, userId));
    await tx.delete(carts).where(eq(carts.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await endSessions(tx, userId);
    // Back-in-stock alerts hold the account's address: a closed account gets none.
    await tx.delete(stockAlerts).where(eq(stockAlerts.userId, userId));
    const { cardsToDetach } = await removeSavedMethods(tx, userId);
    await tx.update(paymentMethods).set({ paypalEmail: null }).where(eq(paymentMethods.userId, userId));
    await cancelPendingMail(tx, user.email, MAIL_CANCELLED);
    await tx.update(reviews).set({ authorName: FORMER_CUSTOMER, updatedAt: new Date() }).where(eq(reviews.userId, userId));
    await recordAudit(tx, auditedActor(actor!, who), { action: 'user.close', target: { type: 'user', id: userId, label: who === 'self' ? ownAccountLabel(userId) : closed.userName }, before: { active: true }, after: { active: false } });
    return { cardsToDetach };
  });
}
