'use client';
/**
 * Add-to-cart control for product cards and the product page (spec §5 Add-to-cart, §4 Add-to-cart
 * notice, §8 Add to cart). Quantity ≥ 1 (values below 1 are forced to 1). A quantity above the
 * stock is sent as typed: the server refuses it and its message says how many are left, instead of
 * the field quietly lowering it (docs/buying.md "Cart"). Visitors get "Login to Add", a link to
 * the login page that comes back to the product. The notice clears after 1 s on success and 3 s
 * on failure. Posts to POST /api/cart/add, then tells the header's cart badge to refresh.
 */
import { useEffect, useId, useRef, useState } from 'react';
import Link from 'next/link';
import clsx from 'clsx';
import { notifyCartChanged, useViewer } from '@/components/site/viewer';
import { clampQuantity } from '@/lib/cart/quantity';
import { api, serverMessage } from '@/lib/api/client';
import { buttonClasses } from '@/components/ui/button';

export type AddToCartProps = { productId: number; stock: number; compact?: boolean };

type Notice = { kind: 'success' | 'error'; text: string };

export const NOTICE_SUCCESS_MS = 1000;
export const NOTICE_ERROR_MS = 3000;

export function AddToCart({ productId, stock, compact = false }: AddToCartProps) {
  // Whether someone is signed in is known in the browser only (the page is cached for everyone);
  // until then the control stays disabled.
  const { status, viewer } = useViewer();
  const signedIn = viewer !== null;
  const known = status === 'ready';
  const inputId = useId();
  const [quantity, setQuantity] = useState<number>(1);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const soldOut = stock <= 0;
  const disabled = !known || soldOut || pending;

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  function show(next: Notice) {
    if (timer.current) clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => setNotice(null), next.kind === 'success' ? NOTICE_SUCCESS_MS : NOTICE_ERROR_MS);
  }

  async function add() {
    if (!productId || !Number.isInteger(productId)) return show({ kind: 'error', text: 'Invalid product data' });
    if (!Number.isFinite(quantity) || quantity < 1) return show({ kind: 'error', text: 'Quantity must be at least 1' });
    setPending(true);
    try {
      await api.cart.add({ product_id: productId, quantity });
      show({ kind: 'success', text: quantity === 1 ? 'Added to your cart.' : `${quantity} added to your cart.` });
      notifyCartChanged();
    } catch (e) {
      show({ kind: 'error', text: serverMessage(e) ?? 'Failed to add item to cart.' });
    } finally {
      setPending(false);
    }
  }

  if (!known && compact) {
    // Until the viewer is known a card shows only its (disabled) button: a cached listing carries
    // dozens of these, and the full control appears a moment later in the same space.
    return (
      <div className="flex flex-col gap-1.5">
        <button type="button" disabled className={buttonClasses('primary', 'sm', 'w-full')}>
          {soldOut ? 'Out of Stock' : 'Add to Cart'}
        </button>
        <p className="min-h-[1.25rem]" />
      </div>
    );
  }

  if (known && !signedIn) {
    // A visitor cannot add yet: a real link to log in, back to this product afterwards
    // (the login page keeps only a same-origin path, lib/auth/redirect.ts safeNextPath).
    return (
      <div className={clsx('flex flex-col', compact ? 'gap-1.5' : 'gap-2')}>
        <Link href={`/login?next=${encodeURIComponent(`/products/${productId}`)}`} prefetch={false} className={buttonClasses('primary', compact ? 'sm' : 'lg', 'w-full whitespace-nowrap')} data-testid="login-to-add">
          Login to Add
        </Link>
        {compact && <p className="min-h-[1.25rem]" />}
      </div>
    );
  }

  const label = !known ? 'Add to Cart' : soldOut ? 'Out of Stock' : pending ? 'Adding…' : 'Add to Cart';

  return (
    <div className={clsx('flex flex-col', compact ? 'gap-1.5' : 'gap-2')}>
      <form
        noValidate
        className={clsx('flex items-stretch', compact ? 'gap-1.5' : 'gap-2')}
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Quantity
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={soldOut ? undefined : stock}
          step={1}
          value={Number.isFinite(quantity) ? quantity : ''}
          disabled={!known || soldOut}
          onChange={(e) => setQuantity(clampQuantity(e.target.valueAsNumber))}
          className={clsx(
            'qty-input',
            // On a phone a card is too narrow for both: the compact control adds one and the page sets more.
            compact ? 'hidden h-9 w-14 px-1 text-sm sm:block' : 'h-12 w-20 px-2 text-base',
          )}
        />
        <button
          type="submit"
          disabled={disabled}
          className={buttonClasses('primary', compact ? 'sm' : 'lg', 'flex-1 whitespace-nowrap')}
        >
          {label}
        </button>
      </form>
      <p role="status" aria-live="polite" className={clsx('min-h-[1.25rem] text-sm', notice?.kind === 'error' ? 'text-danger' : 'text-success')}>
        {notice?.text}
      </p>
    </div>
  );
}
