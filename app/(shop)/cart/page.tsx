/** /cart — the signed-in customer's cart (spec §2 Cart page). Visitors are sent to /login. */
import type { Metadata } from 'next';
import { requirePageUser } from '@/lib/auth/current-user';
import { getCart } from '@/lib/cart/queries';
import { getShopSettings } from '@/lib/settings/queries';
import { deliveryEstimateBasis } from '@/lib/accounts/delivery-estimate';
import { CartView } from '@/components/cart/cart-view';
import { pageMetadata } from '@/lib/storefront/page-metadata';

export const dynamic = 'force-dynamic';
export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: '/cart', title: 'Your cart', noindex: true });

export default async function CartPage() {
  const user = await requirePageUser('/cart');
  const [cart, settings] = await Promise.all([getCart(user.id), getShopSettings()]);
  // The delivery estimate's zones, services and the saved address (docs/delivery.md "Estimates").
  const delivery = await deliveryEstimateBasis(user.id, [...new Set(cart.CartItems.map((i) => i.product_id))]);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="mb-6 font-display text-3xl leading-tight text-ink sm:text-4xl">Your cart</h1>
      <CartView
        initialItems={cart.CartItems}
        shipping={{ gstRatePercent: settings.gstRatePercent, pricesIncludeGst: settings.pricesIncludeGst, currency: settings.currency }}
        delivery={delivery}
        payLater={settings.payLater}
      />
    </div>
  );
}
