/**
 * /cart — the signed-in customer's cart (spec §2 Cart page). Visitors are sent to /login, then back
 * here. `?reminder=<token>` is a cart reminder's link (docs/mail.md "Cart reminders"): it shows the
 * signed-in customer's own cart, whatever it names; when it is valid and names another account's
 * cart, a note says so. An altered or expired token is ignored: the plain cart page, no error.
 */
import type { Metadata } from 'next';
import { requirePageUser } from '@/lib/auth/current-user';
import { getCart, reminderCartOwner } from '@/lib/cart/queries';
import { Notice } from '@/components/ui/notice';
import { getShopSettings } from '@/lib/settings/queries';
import { deliveryEstimateBasis } from '@/lib/accounts/delivery-estimate';
import { CartView } from '@/components/cart/cart-view';
import { pageMetadata } from '@/lib/storefront/page-metadata';

export const dynamic = 'force-dynamic';
export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: '/cart', title: 'Your cart', noindex: true });

export default async function CartPage({ searchParams }: { searchParams: Promise<{ reminder?: string | string[] }> }) {
  const user = await requirePageUser('/cart');
  const { reminder } = await searchParams;
  const [cart, settings, reminderOwner] = await Promise.all([getCart(user.id), getShopSettings(), reminderCartOwner(typeof reminder === 'string' ? reminder : null)]);
  // The delivery estimate's zones, services and the saved address (docs/delivery.md "Estimates").
  const delivery = await deliveryEstimateBasis(user.id, [...new Set(cart.CartItems.map((i) => i.product_id))]);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="mb-6 font-display text-3xl leading-tight text-ink sm:text-4xl">Your cart</h1>
      {reminderOwner !== null && reminderOwner !== user.id ? (
        <Notice title="This reminder was for another account" className="mb-6 !py-4" testId="reminder-other-account">
          You are signed in with a different account, so this is its cart. Sign out and sign in with the account the e-mail was sent to, to see that cart.
        </Notice>
      ) : null}
      <CartView
        initialItems={cart.CartItems}
        shipping={{ gstRatePercent: settings.gstRatePercent, pricesIncludeGst: settings.pricesIncludeGst, currency: settings.currency }}
        delivery={delivery}
        payLater={settings.payLater}
      />
    </div>
  );
}
