/**
 * /saved — the signed-in customer's saved items (docs/saved-items.md): each with the price when
 * saved and now, whether it is in stock, "Move to cart" and "Remove". Visitors are sent to /login.
 */
import type { Metadata } from 'next';
import { requirePageUser } from '@/lib/auth/current-user';
import { listSavedItems } from '@/lib/saved/service';
import { storeMoney } from '@/lib/settings/store-money';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { SavedList } from '@/components/saved/saved-list';

export const dynamic = 'force-dynamic';
export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: '/saved', title: 'Saved items', noindex: true });

export default async function SavedPage() {
  const user = await requirePageUser('/saved');
  const [items, money] = await Promise.all([listSavedItems(user.id), storeMoney()]);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-display text-3xl leading-tight text-ink sm:text-4xl">Saved items</h1>
      <p className="mt-2 text-sm text-muted">Pieces you are thinking about. Prices and stock are as they are today.</p>
      <SavedList
        initialItems={items.map((i) => ({
          productId: i.product_id,
          name: i.name,
          color: i.color,
          imageUrl: i.image_url,
          illustration: i.illustration,
          price: money.format(i.price),
          priceWhenSaved: money.format(i.price_when_saved),
          change: i.price < i.price_when_saved ? 'down' : i.price > i.price_when_saved ? 'up' : 'same',
          stock: i.stock,
          available: i.available,
        }))}
      />
    </div>
  );
}
