/**
 * Consent to marketing e-mail (docs/mail.md "Marketing e-mail"; Unsolicited Electronic Messages Act
 * 2007: consent, the sender identified, a working unsubscribe). Off by default; given by ticking
 * the box at sign-up or in Profile; withdrawn in Profile with one click or by the signed
 * unsubscribe link every marketing e-mail carries, at once.
 *
 * users.marketing_consent_at is the current state (what senders check: null = do not send);
 * marketing_consents records each grant and withdrawal with the time, where it happened and the
 * exact wording shown (MARKETING_CONSENT_WORDING), which the customer's data export includes.
 */
import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { marketingConsents, users, type ConsentSource } from '@/db/schema';
import { verifyLinkToken } from '@/lib/auth/signed-links';
import { badRequest, notFound } from '@/lib/server/errors';
import { MARKETING_CONSENT_WORDING } from './marketing-consent-wording';

export { MARKETING_CONSENT_WORDING };

/** The state Profile shows: whether the customer agreed, since when, and the words of the box. */
export type MarketingConsentJson = { marketing_consent: boolean; consented_at: string | null; wording: string };

const active = (userId: number) => and(eq(users.id, userId), isNull(users.deactivatedAt));

/**
 * Records a change of consent in the caller's transaction (or its own): sets or clears
 * users.marketing_consent_at and writes a marketing_consents row with the wording and source. A
 * "change" to the state the account already has writes nothing (ticking twice is one consent).
 * @param granted true to agree, false to withdraw
 * @returns the consent state afterwards
 * @throws 404 "Account not found." for an unknown or closed account
 */
export async function recordMarketingConsent(userId: number, granted: boolean, source: ConsentSource, executor: Executor = db): Promise<MarketingConsentJson> {
  const run = async (tx: Executor) => {
    const [user] = await tx.select({ at: users.marketingConsentAt }).from(users).where(active(userId)).for('update');
    if (!user) throw notFound('Account not found.');
    if (Boolean(user.at) === granted) return toJson(user.at);
    const now = new Date();
    await tx.update(users).set({ marketingConsentAt: granted ? now : null }).where(eq(users.id, userId));
    await tx.insert(marketingConsents).values({ userId, granted, wording: source === 'unsubscribe-link' ? '' : MARKETING_CONSENT_WORDING, source, createdAt: now });
    return toJson(granted ? now : null);
  };
  return executor === db ? db.transaction(run) : run(executor);
}

const toJson = (at: Date | null): MarketingConsentJson => ({ marketing_consent: at !== null, consented_at: at?.toISOString() ?? null, wording: MARKETING_CONSENT_WORDING });

/**
 * The signed-in customer's consent (GET /api/users/profile/marketing-consent).
 * @throws 404 unknown or closed account
 */
export async function getMarketingConsent(userId: number): Promise<MarketingConsentJson> {
  const [user] = await db.select({ at: users.marketingConsentAt }).from(users).where(active(userId));
  if (!user) throw notFound('Account not found.');
  return toJson(user.at);
}

/** The message of a link that does not verify (altered, cut short, or not ours). */
export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Open the link from the e-mail again, or turn marketing e-mail off in your Profile.';

/**
 * The account an unsubscribe token names, for the confirmation page: its e-mail address, and
 * whether it still receives marketing e-mail.
 * @throws 400 BAD_UNSUBSCRIBE_LINK when the token does not verify; 404 for a closed account
 */
export async function readUnsubscribeLink(token: string | null | undefined): Promise<{ email: string; subscribed: boolean }> {
  const userId = userOfToken(token);
  const [user] = await db.select({ email: users.email, at: users.marketingConsentAt }).from(users).where(active(userId));
  if (!user) throw notFound('Account not found.');
  return { email: user.email, subscribed: user.at !== null };
}

/**
 * One-click unsubscribe (POST from the confirmation page, or a mail client's RFC 8058
 * `List-Unsubscribe=One-Click`): withdraws the consent of the account the signed token names, at
 * once. Idempotent: a second click changes nothing.
 * @throws 400 BAD_UNSUBSCRIBE_LINK when the token does not verify (nothing is changed); 404 closed account
 */
export async function unsubscribeByLink(token: string | null | undefined): Promise<MarketingConsentJson> {
  return recordMarketingConsent(userOfToken(token), false, 'unsubscribe-link');
}

function userOfToken(token: string | null | undefined): number {
  const subject = verifyLinkToken('marketing-unsubscribe', token);
  const userId = subject !== null && /^\d{1,9}$/.test(subject) ? Number(subject) : 0;
  if (!userId) throw badRequest(BAD_UNSUBSCRIBE_LINK);
  return userId;
}

/** Every grant and withdrawal of the account, oldest first, for the data export. */
export async function listMarketingConsents(userId: number, executor: Executor = db) {
  return executor.select().from(marketingConsents).where(eq(marketingConsents.userId, userId)).orderBy(asc(marketingConsents.createdAt), asc(marketingConsents.id));
}
