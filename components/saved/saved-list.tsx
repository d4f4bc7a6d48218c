'use client';
/**
 * The rows of /saved (docs/saved-items.md): picture, name, the price now and when saved, stock, and
 * "Move to cart" (POST /api/saved-items/move-to-cart: one in the cart, off this list) and "Remove"
 * (DELETE /api/saved-items). Prices come formatted from the server.
 */
import Link from 'next/link';
import { useState } from 'react';
import { ProductThumb } from '@/components/cart/product-thumb';
import { notifyCartChanged } from '@/components/site/viewer';
import { buttonClasses } from '@/components/ui/button';
import { api, serverMessage } from '@/lib/api/client';
import { CustomerAlert } from '@/components/products/stock-alert-form';

export type SavedRow = {
  productId: number;
  name: string;
  color: string | null;
  imageUrl: string | null;
  illustration: string;
  price: string;
  priceWhenSaved: string;
  change: 'down' | 'up' | 'same';
  stock: number;
  available: boolean;
};

type Notice = { kind: 'success' | 'error'; text: string } | null;

export function SavedList({ initialItems }: { initialItems: SavedRow[] }) {
  const [items, setItems] = useState(initialItems);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  async function act(row: SavedRow, action: 'move' | 'remove') {
    setBusy(row.productId);
    setNotice(null);
    try {
      if (action === 'move') await api.saved.moveToCart({ product_id: row.productId });
      else await api.saved.remove({ product_id: row.productId });
      setItems((list) => list.filter((i) => i.productId !== row.productId));
      if (action === 'move') notifyCartChanged();
      setNotice({ kind: 'success', text: action === 'move' ? `${row.name} is in your cart.` : `${row.name} was removed from your saved items.` });
    } catch (e) {
      setNotice({ kind: 'error', text: serverMessage(e) ?? (action === 'move' ? 'Could not move this item to your cart. Please try again.' : 'Could not remove this item. Please try again.') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="mt-6">
      <p role="status" className={notice ? `mb-4 rounded-lg px-4 py-3 text-sm ${notice.kind === 'success' ? 'bg-success/10 text-success' : 'bg-danger/10 text-danger'}` : 'sr-only'} data-testid="saved-notice">
        {notice?.text ?? ''}
        {notice?.kind === 'success' && notice.text.endsWith('in your cart.') && (
          <>
            {' '}
            <Link href="/cart" className="font-semibold underline underline-offset-4">
              Go to cart
            </Link>
          </>
        )}
      </p>
      {items.length === 0 ? (
        <div className="rounded-[var(--radius-card)] border border-line bg-surface p-8 text-center">
          <p className="text-ink">Nothing saved yet.</p>
          <p className="mt-1 text-sm text-muted">Tap the heart on any product to keep it here for later.</p>
          <Link href="/products" className={`${buttonClasses('primary', 'md')} mt-5`}>
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-line rounded-[var(--radius-card)] border border-line bg-surface" data-testid="saved-items">
          {items.map((row) => {
            const inStock = row.available && row.stock > 0;
            return (
              <li key={row.productId} className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5" data-testid="saved-item">
                <div className="flex min-w-0 flex-1 items-start gap-4">
                  <ProductThumb src={row.imageUrl} alt={row.name} illustration={row.illustration} color={row.color} size={80} />
                  <div className="min-w-0">
                    <h2 className="text-base font-semibold leading-snug text-ink">
                      <Link href={`/products/${row.productId}`} className="hover:text-brand-dark hover:underline">
                        {row.name}
                      </Link>
                    </h2>
                    {row.color && <p className="text-sm text-muted">{row.color}</p>}
                    <p className="mt-1 text-sm">
                      <span className="font-semibold text-ink" data-testid="saved-price">
                        {row.price}
                      </span>{' '}
                      <span className={row.change === 'down' ? 'text-success' : 'text-muted'} data-testid="saved-price-when-saved">
                        {row.change === 'same' ? `same as when you saved it` : `${row.change === 'down' ? 'down from' : 'up from'} ${row.priceWhenSaved} when you saved it`}
                      </span>
                    </p>
                    <p className={`mt-1 text-sm font-medium ${inStock ? 'text-success' : 'text-danger'}`} data-testid="saved-stock">
                      {!row.available ? 'No longer available' : row.stock > 0 ? 'In stock' : 'Out of stock'}
                    </p>
                    {row.available && row.stock <= 0 && (
                      <div className="mt-2" data-testid="saved-stock-alert">
                        <CustomerAlert productId={row.productId} />
                      </div>
                    )}
                  </div>
                </div>
                <div className="flex shrink-0 items-center gap-3 sm:flex-col sm:items-stretch">
                  <button type="button" className={buttonClasses('primary', 'sm')} disabled={!inStock || busy === row.productId} onClick={() => void act(row, 'move')}>
                    Move to cart
                  </button>
                  <button type="button" className={buttonClasses('outline', 'sm')} disabled={busy === row.productId} onClick={() => void act(row, 'remove')} aria-label={`Remove ${row.name}`}>
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
