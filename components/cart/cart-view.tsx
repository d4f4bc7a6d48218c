'use client';
/**
 * The cart (spec §2 Cart page, §4 Cart selection and Session expiry on cart, §5 Cart, §8 Cart).
 * Selectable lines, quantity − / + (− disabled at 1, + never beyond stock), removal after a
 * confirmation, a summary of the selection and Proceed to the order confirmation with the selected
 * cart_item_ids in the URL. After any change the cart is fetched again from GET /api/cart.
 */
import { useMemo, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import clsx from 'clsx';
import type { CartItemJson } from '@/lib/cart/mappers';
import { formatMoney, toCents } from '@/lib/money';
import { computeTotals, deliveryRule, NO_DELIVERY } from '@/lib/pricing/totals';
import type { PayLaterSwitches } from '@/lib/payments/pay-later';
import { PayLaterLine } from '@/components/checkout/pay-later-line';
import type { GstRule } from '@/lib/pricing/gst';
import { estimateDelivery, type DeliveryEstimate, type EstimateBasis } from '@/lib/delivery/estimate';
import { GstAmount, GstRow } from '@/components/orders/gst-note';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ProductThumb } from './product-thumb';
import { ApiError, api, failureText, serverMessage } from '@/lib/api/client';
import { LoadError } from '@/components/ui/load-error';
import { buttonClasses } from '@/components/ui/button';
import { notifyCartChanged } from '@/components/site/viewer';

/** The settings the cart and the order confirmation price by: the GST rule and the currency. */
export type PriceRule = GstRule & { currency: string };

const orderable = (i: CartItemJson) => i.Product.available && i.quantity <= i.Product.stock;

/**
 * @param shipping the GST rule and currency
 * @param delivery what the delivery estimate is computed from (lib/accounts/delivery-estimate.ts):
 *   recomputed for the selected lines by the checkout's own quote (lib/delivery/estimate.ts)
 * @param payLater which pay-later methods are on (the instalment line under the total)
 */
export function CartView({ initialItems, shipping, delivery, payLater }: { initialItems: CartItemJson[]; shipping: PriceRule; delivery: EstimateBasis; payLater: PayLaterSwitches }) {
  const router = useRouter();
  const [items, setItems] = useState(initialItems);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(initialItems.filter(orderable).map((i) => i.cart_item_id)));
  const [busy, setBusy] = useState<number | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selectionError, setSelectionError] = useState<string | null>(null);

  async function reload() {
    let cart;
    try {
      cart = await api.cart.get();
    } catch (e) {
      return setLoadError(failureText(e, 'Failed to load cart. Please try again.'));
    }
    setLoadError(null);
    setItems(cart.CartItems);
    setSelected((prev) => new Set(cart.CartItems.filter((i) => prev.has(i.cart_item_id) && orderable(i)).map((i) => i.cart_item_id)));
    notifyCartChanged(); // the header's cart badge
  }

  /** Changes one line through `call`, toasts the outcome, then reloads the cart. */
  async function act(item: CartItemJson, call: () => Promise<unknown>, success: string | null, failure: string) {
    setBusy(item.cart_item_id);
    try {
      await call();
      if (success) toast.success(success);
    } catch (e) {
      // A 401 is not repeated here: reload's panel says the session has expired.
      if (!(e instanceof ApiError && e.status === 401)) toast.error(serverMessage(e) ?? failure);
    }
    await reload();
    setBusy(null);
  }

  const change = (item: CartItemJson, quantity: number) =>
    act(item, () => api.cart.update({ cart_item_id: item.cart_item_id, quantity }), null, 'Failed to update the quantity. Please try again.');

  const remove = (item: CartItemJson) => act(item, () => api.cart.remove(item.cart_item_id), `${item.Product.name} was removed from your cart.`, 'Failed to remove the item. Please try again.');

  function toggle(id: number) {
    setSelectionError(null);
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const selectable = items.filter(orderable);
  const allSelected = selectable.length > 0 && selectable.every((i) => selected.has(i.cart_item_id));
  const chosen = items.filter((i) => selected.has(i.cart_item_id));
  // Delivery as the checkout will first offer it (docs/delivery.md "Estimates"), and the totals by
  // the one rule (lib/pricing/totals.ts) with that service's fee.
  const { estimate, totals } = useMemo(() => {
    const lines = chosen.map((i) => ({ productId: i.product_id, unitPrice: toCents(i.Product.price), quantity: i.quantity }));
    const estimate = estimateDelivery(lines, delivery);
    const rule = { ...shipping, ...(estimate.kind === 'none' ? NO_DELIVERY : deliveryRule(estimate.service)) };
    return { estimate, totals: computeTotals(lines, rule) };
  }, [chosen, shipping, delivery]);
  const money = (cents: number) => formatMoney(cents / 100, shipping.currency);

  function proceed() {
    if (chosen.length === 0) {
      setSelectionError('Please select items to checkout.');
      toast.error('Please select items to checkout.');
      return;
    }
    router.push(`/order-confirmation?items=${chosen.map((i) => i.cart_item_id).join(',')}`);
  }

  if (loadError) return <LoadError message={loadError} onRetry={() => void reload()} />;

  if (items.length === 0) {
    return (
      <div className="rounded-card border border-line bg-surface p-10 text-center">
        <p className="font-display text-xl text-ink">Your cart is empty.</p>
        <p className="mt-2 text-muted">Find something you love for your home.</p>
        <Link href="/products" className={buttonClasses('primary', 'md', 'mt-6')}>
          Browse products
        </Link>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <section aria-label="Cart items" className="rounded-card border border-line bg-surface">
        <div className="flex items-center gap-3 border-b border-line px-4 py-3 text-sm text-muted">
          <input
            id="select-all"
            type="checkbox"
            className="size-4 accent-brand"
            checked={allSelected}
            disabled={selectable.length === 0}
            onChange={() => {
              setSelectionError(null);
              setSelected(allSelected ? new Set() : new Set(selectable.map((i) => i.cart_item_id)));
            }}
          />
          <label htmlFor="select-all">Select all ({selectable.length})</label>
        </div>
        <ul className="divide-y divide-line">
          {items.map((item) => {
            const p = item.Product;
            const canOrder = orderable(item);
            const image = p.images[0]?.image_url;
            return (
              <li
                key={item.cart_item_id}
                data-testid="cart-item"
                className={clsx('grid grid-cols-[auto_auto_minmax(0,1fr)] gap-x-3 gap-y-3 p-4 sm:grid-cols-[auto_auto_minmax(0,1fr)_auto] sm:items-center sm:gap-x-4', busy === item.cart_item_id && 'opacity-60')}
              >
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 self-start accent-brand sm:mt-0 sm:self-center"
                  aria-label={`Select ${p.name}`}
                  checked={selected.has(item.cart_item_id)}
                  disabled={!canOrder}
                  onChange={() => toggle(item.cart_item_id)}
                />
                <ProductThumb src={image} alt={p.name} size={64} illustration={p.illustration} color={p.color} />
                <div className="min-w-0">
                  <Link href={`/products/${p.product_id}`} className="font-medium text-ink hover:underline">
                    {p.name}
                  </Link>
                  <p className="text-sm text-muted">{formatMoney(p.price, shipping.currency)} each</p>
                  {!p.available && <p className="text-sm text-danger">No longer available</p>}
                  {p.available && item.quantity > p.stock && <p className="text-sm text-danger">{p.stock > 0 ? `Only ${p.stock} left — please lower the quantity.` : 'Out of stock'}</p>}
                </div>
                <div className="col-span-3 flex items-center justify-between gap-4 sm:col-span-1 sm:justify-end sm:gap-6">
                  <div className="flex items-center rounded-full border border-line" role="group" aria-label={`Quantity of ${p.name}`}>
                    <button
                      type="button"
                      aria-label={`Decrease quantity of ${p.name}`}
                      className="flex size-9 items-center justify-center rounded-full text-lg leading-none text-ink hover:bg-brand-soft disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent"
                      disabled={item.quantity <= 1 || busy !== null}
                      onClick={() => void change(item, item.quantity - 1)}
                    >
                      −
                    </button>
                    <span className="min-w-8 text-center tabular-nums" aria-live="polite">
                      {item.quantity}
                    </span>
                    <button
                      type="button"
                      aria-label={`Increase quantity of ${p.name}`}
                      className="flex size-9 items-center justify-center rounded-full text-lg leading-none text-ink hover:bg-brand-soft disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent"
                      disabled={item.quantity >= p.stock || !p.available || busy !== null}
                      onClick={() => void change(item, item.quantity + 1)}
                    >
                      +
                    </button>
                  </div>
                  <p className="min-w-20 text-right font-medium tabular-nums text-ink">{formatMoney(p.price * item.quantity, shipping.currency)}</p>
                  <ConfirmDialog
                    title="Remove item"
                    description="Are you sure you want to remove this item from your cart?"
                    confirmLabel="Remove"
                    cancelLabel="Keep it"
                    onConfirm={() => remove(item)}
                    trigger={
                      <button type="button" className="text-sm text-muted underline-offset-2 hover:text-danger hover:underline" aria-label={`Remove ${p.name}`} disabled={busy !== null}>
                        Remove
                      </button>
                    }
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <aside aria-label="Summary" className="rounded-card border border-line bg-surface p-5 lg:sticky lg:top-28">
        <h2 className="font-display text-lg text-ink">Summary</h2>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">Selected items</dt>
            <dd className="tabular-nums">{chosen.reduce((n, i) => n + i.quantity, 0)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">Subtotal</dt>
            <dd className="tabular-nums">{money(totals.subtotal)}</dd>
          </div>
          <DeliveryRow estimate={estimate} fee={totals.shippingFee} money={money} />
          <GstRow gst={totals.gst} rule={shipping} currency={shipping.currency} />
          <div className="flex justify-between border-t border-line pt-2 text-base font-semibold text-ink">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="cart-total">
              {estimate.kind === 'from' ? `from ${money(totals.totalAmount)}` : money(totals.totalAmount)}
            </dd>
          </div>
        </dl>
        <GstAmount gst={totals.gst} rule={shipping} currency={shipping.currency} />
        {totals.subtotal > 0 && <PayLaterLine amountCents={totals.totalAmount} currency={shipping.currency} switches={payLater} className="mt-2" />}
        {totals.subtotal > 0 && <DeliveryNote estimate={estimate} />}
        {selectionError && (
          <p role="alert" className="mt-4 text-sm text-danger">
            {selectionError}
          </p>
        )}
        <button type="button" onClick={proceed} className={buttonClasses('primary', 'lg', 'mt-5 w-full')}>
          Proceed to Checkout
        </button>
        <Link href="/products" className="mt-3 block text-center text-sm text-muted hover:text-ink hover:underline">
          Continue shopping
        </Link>
      </aside>
    </div>
  );
}

/** The summary's delivery row: the service and fee for the saved address, "from" a fee without one, or "—". */
function DeliveryRow({ estimate, fee, money }: { estimate: DeliveryEstimate; fee: number; money: (cents: number) => string }) {
  const label = estimate.kind === 'none' ? 'Delivery' : `Delivery · ${estimate.service.name}`;
  const value = estimate.kind === 'none' ? '—' : fee === 0 ? 'Free' : money(fee);
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="tabular-nums" data-testid="cart-delivery-fee">
        {estimate.kind === 'from' ? `from ${value}` : value}
      </dd>
    </div>
  );
}

/** Where the delivery estimate comes from, and why there is none. */
function DeliveryNote({ estimate }: { estimate: DeliveryEstimate }) {
  const fees = (
    <Link href="/shipping" className="underline underline-offset-4 hover:text-ink">
      fees by area
    </Link>
  );
  if (estimate.kind === 'none') {
    return estimate.problem ? (
      <p className="mt-3 text-xs text-danger" data-testid="cart-delivery-note">
        {estimate.problem}
      </p>
    ) : null;
  }
  return (
    <p className="mt-3 text-xs text-muted" data-testid="cart-delivery-note">
      {estimate.kind === 'address'
        ? `Delivery to your saved address (${estimate.postcode}, ${estimate.zone}); you can choose another address or service at checkout — `
        : 'The lowest delivery price for these items; checkout prices it for your address — '}
      {fees}.
    </p>
  );
}
