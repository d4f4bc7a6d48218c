/**
 * Closing an account as the payments see it (docs/accounts-and-security.md "A customer's own
 * data"): the account is closed and anonymised in its transaction (lib/accounts/privacy-close.ts),
 * then its saved cards are detached at the card gateway, after the commit, as removing one saved
 * card does (lib/payments/methods.ts removePaymentMethod). A card the gateway fails to detach is
 * logged and left: the closure stands, the card can no longer be charged by the shop (its row is
 * removed), and it stays attached only to the shop's own customer record at the provider.
 */
import 'server-only';
import type { SessionUser } from '@/lib/auth/guards';
import { closeAccount } from '@/lib/accounts/privacy-close';
import { getCardGateway } from './gateway';

/**
 * POST /api/profile/close and POST /api/users/{id}/close: closes the account, then detaches its
 * saved cards at the gateway.
 * @param actor the owner (with `password`) or staff acting on the customer's behalf
 * @returns how many saved cards were detached at the gateway
 * @throws as closeAccount: 401, 404, 400 wrong password, 409 an administrator's account, 429
 */
export async function closeCustomerAccount(actor: SessionUser | null, userId: number, password: string | undefined, address: string): Promise<{ cardsDetached: number }> {
  const { detachCards } = await closeAccount(actor, userId, password, address);
  if (detachCards.length === 0) return { cardsDetached: 0 };
  const gateway = await getCardGateway().catch((e: unknown) => {
    console.warn('[payments] no card gateway to detach the saved cards of a closed account', e);
    return null;
  });
  let cardsDetached = 0;
  for (const id of detachCards) {
    try {
      await gateway?.detachPaymentMethod(id);
      if (gateway) cardsDetached += 1;
    } catch (e) {
      console.warn('[payments] detaching a closed account’s saved card failed', e);
    }
  }
  return { cardsDetached };
}
