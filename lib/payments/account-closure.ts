/**
 * Closing an account as the payments see it (docs/accounts-and-security.md "A customer's own
 * data"): the account is closed and anonymised in its transaction (lib/accounts/privacy-close.ts),
 * which also records an outbox job per saved card; the cards are then detached at the card gateway
 * after the response, with retries (lib/payments/detach-jobs.ts). A gateway that fails leaves the
 * job pending: the closure stands, and the cron route or the next run detaches the card.
 */
import 'server-only';
import type { SessionUser } from '@/lib/auth/guards';
import { closeAccount } from '@/lib/accounts/privacy-close';
import { kickDetachments } from './detach-jobs';

/**
 * POST /api/profile/close and POST /api/users/{id}/close: closes the account, then starts the
 * detach calls of its saved cards.
 * @param actor the owner (with `password`) or staff acting on the customer's behalf
 * @returns how many saved cards are to be detached at the gateway
 * @throws as closeAccount: 401, 404, 400 wrong password, 409 an administrator's account, 429
 */
export async function closeCustomerAccount(actor: SessionUser | null, userId: number, password: string | undefined, address: string): Promise<{ cardsToDetach: number }> {
  const { cardsToDetach } = await closeAccount(actor, userId, password, address);
  if (cardsToDetach > 0) kickDetachments();
  return { cardsToDetach };
}
