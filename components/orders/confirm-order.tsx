'use client';
/**
 * Order confirmation (spec §2 Order confirmation, §4 Order flow, §5 Order confirm / New address,
 * §8 Order confirmation). Choose or add a delivery address and a contact (default preselected,
 * else the first), leave a message, Confirm (POST /api/orders creates the order; the fields lock
 * and the page becomes the confirmed order's, /order-confirmation?order={id}, "Order confirmed"),
 * then Proceed to Payment (POST /api/orders/submit → /checkout/{id}) or Pay Later (→ /order).
 * Once an address is chosen (or a new one has a postcode and country), the delivery
 * services that fit are quoted by the server (POST /api/delivery/quote) and one is chosen; the order
 * sends only its id.
 * A discount code is applied beside the summary: the server prices it on the selected
 * lines (preview) and again when the order is placed; the summary shows its discount, total and GST.
 */
import { useEffect, useMemo, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { notifyCartChanged } from '@/components/site/viewer';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import type { AddressJson, ContactJson } from '@/lib/accounts/mappers';
import type { CartItemJson } from '@/lib/cart/mappers';
import type { OrderJson } from '@/lib/orders/mappers';
import { toCents, toDecimal } from '@/lib/money';
import { computeTotals, deliveryRule, NO_DELIVERY } from '@/lib/pricing/totals';
import type { QuotedServiceJson } from '@/lib/delivery/contracts';
import { formatMoney } from '@/lib/money';
import { dayText } from './delivery-details';
import { DeliveryDayPicker } from './delivery-day-picker';
import { NZ_POSTCODE, addressSchema } from '@/lib/accounts/address-schema';
import { contactSchema } from '@/lib/accounts/contact-schema';
import { confirmOrderFormSchema } from '@/lib/orders/schemas';
import { ApiError, api, serverMessage } from '@/lib/api/client';
import { buttonClasses } from '@/components/ui/button';
import { inputClass } from '@/components/auth/field';
import type { PriceRule } from '@/components/cart/cart-view';
import { OrderSummary, summaryOf } from './order-summary';
import { PayActions } from './pay-actions';
import { DiscountCodeField } from './discount-code-field';
import type { DiscountPreviewJson } from '@/lib/discounts/contracts';

type FormValues = {
  addressChoice: string;
  contactChoice: string;
  newAddress: { street_address: string; city: string; state_province: string; postal_code: string; country: string; is_default: boolean };
  newContact: { first_name: string; last_name: string; phone_number: string; email: string; is_default: boolean };
  customer_message: string;
};

const addressLine = (a: AddressJson) => [a.street_address, a.city, [a.state_province, a.postal_code].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ');

function Input({ label, error, optional, className, ...props }: React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; optional?: boolean }) {
  const id = props.id ?? props.name;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputClass} {...props} />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function Choice({ name, value, checked, onChange, disabled, children }: { name: string; value: string; checked: boolean; onChange: () => void; disabled: boolean; children: React.ReactNode }) {
  return (
    <label className={clsx('flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors', checked ? 'border-brand bg-brand-soft/60' : 'border-line hover:border-brand/50', disabled && 'cursor-default')}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} disabled={disabled} className="mt-1 size-4 accent-brand" />
      <span className="min-w-0 flex-1 text-sm text-ink">{children}</span>
    </label>
  );
}

/**
 * One saved-or-new choice of the form (delivery address, contact): a radio for each saved item
 * with its Default badge, "Add a new …", the choice's error, and while "new" is chosen the new
 * item's fields (`children`) with its "make this my default" checkbox.
 */
function SavedOrNew(p: {
  id: string;
  heading: string;
  name: string;
  options: { value: string; label: string; isDefault: boolean }[];
  newLabel: string;
  chosen: string;
  onChoose: (value: string) => void;
  locked: boolean;
  error?: string;
  /** The "make this my default" checkbox: its registration (made only while shown) and its text. */
  makeDefault: { input: () => React.InputHTMLAttributes<HTMLInputElement>; label: string };
  /** The new item's fields, rendered (and registered) only while "new" is chosen. */
  children: () => React.ReactNode;
}) {
  const headingId = `${p.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-card border border-line bg-surface p-5">
      <h2 id={headingId} className="font-display text-lg text-ink">
        {p.heading}
      </h2>
      <div className="mt-4 space-y-2" role="radiogroup" aria-labelledby={headingId}>
        {[...p.options, { value: 'new', label: p.newLabel, isDefault: false }].map((o) => (
          <Choice key={o.value} name={p.name} value={o.value} checked={p.chosen === o.value} onChange={() => p.onChoose(o.value)} disabled={p.locked}>
            {o.label}
            {o.isDefault && <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-dark">Default</span>}
          </Choice>
        ))}
      </div>
      {p.error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {p.error}
        </p>
      )}
      {p.chosen === 'new' && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {p.children()}
          <label className="flex items-center gap-2 text-sm text-ink sm:col-span-2">
            <input type="checkbox" className="size-4 accent-brand" {...p.makeDefault.input()} />
            {p.makeDefault.label}
          </label>
        </div>
      )}
    </section>
  );
}

export function ConfirmOrder({
  items,
  addresses,
  contacts,
  shipping,
  missing,
  email,
}: {
  items: CartItemJson[];
  addresses: AddressJson[];
  contacts: ContactJson[];
  shipping: PriceRule;
  /** How many selected lines are no longer in the cart. */
  missing: number;
  /** The user's account email, offered for a new contact. */
  email: string;
}) {
  const router = useRouter();
  const [order, setOrder] = useState<OrderJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The discount code the server accepted for these lines (its preview), sent with the order.
  const [discount, setDiscount] = useState<DiscountPreviewJson | null>(null);

  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<FormValues>({
    // A field is checked when the shopper leaves it (then as they fix it): a postcode such as
    // "abcd" is explained at once, not only on Confirm.
    mode: 'onTouched',
    resolver: zodResolver(confirmOrderFormSchema) as unknown as Resolver<FormValues>,
    defaultValues: {
      addressChoice: addresses[0] ? String(addresses[0].address_id) : 'new',
      contactChoice: contacts[0] ? String(contacts[0].contact_id) : 'new',
      newAddress: { street_address: '', city: '', state_province: '', postal_code: '', country: 'New Zealand', is_default: addresses.length === 0 },
      newContact: { first_name: '', last_name: '', phone_number: '', email, is_default: contacts.length === 0 },
      customer_message: '',
    },
  });
  const addressChoice = useWatch({ control, name: 'addressChoice' });
  const contactChoice = useWatch({ control, name: 'contactChoice' });
  const locked = order !== null;

  const newPostcode = useWatch({ control, name: 'newAddress.postal_code' });
  const newCountry = useWatch({ control, name: 'newAddress.country' });
  const delivery = useDeliveryQuote(items, addressChoice, newPostcode, newCountry, locked);
  const chosen = delivery.services?.find((s) => s.service_id === delivery.chosenId) ?? null;

  // What the order will cost, by the one rule (lib/pricing/totals.ts): the chosen service as the server
  // quoted it (no delivery until an address is quoted) and the discount the server previewed.
  // The server prices the order again when it is placed.
  const estimate = useMemo(() => {
    const lines = items.map((i) => ({ unitPrice: toCents(i.Product.price), quantity: i.quantity }));
    const rule = chosen ? { ...shipping, ...deliveryRule({ baseFee: toCents(chosen.base_fee), freeOver: chosen.free_over === null ? null : toCents(chosen.free_over), assemblyFee: toCents(chosen.assembly_fee) }) } : { ...shipping, ...NO_DELIVERY };
    return computeTotals(lines, rule, discount ? { kind: 'fixed', value: toCents(discount.discount_amount), minSpendCents: 0 } : null);
  }, [items, shipping, chosen, discount]);

  async function confirm(values: FormValues) {
    setError(null);
    setPending(true);
    const body = {
      cartItems: items.map((i) => ({ cart_item_id: i.cart_item_id, product_id: i.product_id, quantity: i.quantity, price: i.Product.price })),
      addressId: values.addressChoice !== 'new' ? Number(values.addressChoice) : undefined,
      newAddress: values.addressChoice === 'new' ? addressSchema.parse(values.newAddress) : undefined,
      contactId: values.contactChoice !== 'new' ? Number(values.contactChoice) : undefined,
      newContact: values.contactChoice === 'new' ? contactSchema.parse(values.newContact) : undefined,
      customer_message: values.customer_message,
      discount_code: discount?.code,
      delivery: chosen ? { service_id: chosen.service_id, ...(chosen.days.length > 0 && delivery.slot ? { date: delivery.slot.date, window: delivery.slot.window } : {}) } : undefined,
    };
    let created: OrderJson | undefined;
    try {
      created = (await api.orders.create(body)).order;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status === 0) return setError('Failed to confirm order. Please try again.');
      return setError((e.status < 500 && serverMessage(e)) || 'There was an issue creating your order. Please try again.');
    } finally {
      setPending(false);
    }
    if (!created?.order_id) return setError('Order created, but there was an issue with the order ID. Please contact support.');
    // The confirmation is this page's own status line (below), not a toast: a toast outlived the
    // page and followed the customer to the checkout.
    setOrder(created);
    // The ordered lines have left the cart: the header's count follows.
    notifyCartChanged();
    // The ordered lines have left the cart: the page of the confirmed order ("Order confirmed", pay
    // now or later) replaces the form, and a reload or Back shows that order, not the old selection.
    router.replace(`/order-confirmation?order=${created.order_id}`);
  }

  const summaryLines = order
    ? summaryOf(order).lines
    : items.map((i) => ({ key: i.cart_item_id, name: i.Product.name, quantity: i.quantity, unitPrice: i.Product.price, image: i.Product.images[0]?.image_url, illustration: i.Product.illustration, color: i.Product.color }));

  return (
    <form onSubmit={handleSubmit(confirm)} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <fieldset disabled={locked || pending} className="min-w-0 space-y-6">
        <legend className="sr-only">Delivery details</legend>
        {missing > 0 && (
          <p role="status" className="rounded-lg border border-warning/30 bg-[#fbf3e4] px-4 py-3 text-sm text-ink">
            {missing === 1 ? 'One selected item is' : `${missing} selected items are`} no longer in your cart and will not be ordered.
          </p>
        )}

        <SavedOrNew
          id="address"
          heading="Delivery address"
          name="addressChoice"
          options={addresses.map((a) => ({ value: String(a.address_id), label: addressLine(a), isDefault: a.is_default }))}
          newLabel="Add a new address"
          chosen={addressChoice}
          onChoose={(v) => setValue('addressChoice', v)}
          locked={locked}
          error={errors.addressChoice?.message}
          makeDefault={{ input: () => register('newAddress.is_default'), label: 'Make this my default address' }}
        >
          {() => (
            <>
              <Input label="Street address" autoComplete="street-address" className="sm:col-span-2" error={errors.newAddress?.street_address?.message} {...register('newAddress.street_address')} id="street_address" />
              <Input label="City" autoComplete="address-level2" error={errors.newAddress?.city?.message} {...register('newAddress.city')} id="city" />
              <Input label="Region" optional autoComplete="address-level1" error={errors.newAddress?.state_province?.message} {...register('newAddress.state_province')} id="state_province" />
              <Input label="Postal code" autoComplete="postal-code" inputMode="numeric" error={errors.newAddress?.postal_code?.message} {...register('newAddress.postal_code')} id="postal_code" />
              <Input label="Country" autoComplete="country-name" error={errors.newAddress?.country?.message} {...register('newAddress.country')} id="country" />
            </>
          )}
        </SavedOrNew>

        <DeliveryChoice state={delivery} currency={shipping.currency} locked={locked} postcodeInvalid={addressChoice === 'new' && (newPostcode ?? '').trim() !== '' && !NZ_POSTCODE.test(newPostcode.trim())} />

        <SavedOrNew
          id="contact"
          heading="Contact"
          name="contactChoice"
          options={contacts.map((c) => ({ value: String(c.contact_id), label: `${c.first_name} ${c.last_name} · ${c.phone_number} · ${c.email}`, isDefault: c.is_default }))}
          newLabel="Add a new contact"
          chosen={contactChoice}
          onChoose={(v) => setValue('contactChoice', v)}
          locked={locked}
          error={errors.contactChoice?.message}
          makeDefault={{ input: () => register('newContact.is_default'), label: 'Make this my default contact' }}
        >
          {() => (
            <>
              <Input label="First name" autoComplete="given-name" error={errors.newContact?.first_name?.message} {...register('newContact.first_name')} id="first_name" />
              <Input label="Last name" autoComplete="family-name" error={errors.newContact?.last_name?.message} {...register('newContact.last_name')} id="last_name" />
              <Input label="Phone number" type="tel" autoComplete="tel" error={errors.newContact?.phone_number?.message} {...register('newContact.phone_number')} id="phone_number" />
              <Input label="Email" type="email" autoComplete="email" error={errors.newContact?.email?.message} {...register('newContact.email')} id="email" />
            </>
          )}
        </SavedOrNew>

        <section aria-labelledby="message-heading" className="rounded-card border border-line bg-surface p-5">
          <h2 id="message-heading" className="font-display text-lg text-ink">
            Message for us <span className="text-sm font-normal text-muted">(optional)</span>
          </h2>
          <label htmlFor="customer_message" className="sr-only">
            Message for us
          </label>
          <textarea
            id="customer_message"
            rows={3}
            placeholder="Delivery notes, e.g. a gate code or a good time to call"
            className={clsx(inputClass, 'mt-3')}
            aria-invalid={errors.customer_message ? true : undefined}
            {...register('customer_message')}
          />
          {errors.customer_message && <p className="mt-1 text-sm text-danger">{errors.customer_message.message}</p>}
        </section>
      </fieldset>

      <OrderSummary
        className="lg:sticky lg:top-28"
        lines={summaryLines}
        subtotal={order ? order.subtotal : toDecimal(estimate.subtotal)}
        discount={order ? summaryOf(order).discount : discount && { code: discount.code, amount: toDecimal(estimate.discount) }}
        shippingFee={order ? order.shipping_fee : chosen ? toDecimal(estimate.shippingFee) : null}
        assemblyFee={order ? order.assembly_fee : toDecimal(estimate.assemblyFee)}
        delivery={order?.delivery}
        deliveryName={chosen?.name}
        total={order ? order.total_amount : toDecimal(estimate.totalAmount)}
        gst={order ? order.gst_amount : toDecimal(estimate.gst)}
        gstRule={order ? { gstRatePercent: order.gst_rate_percent, pricesIncludeGst: order.prices_include_gst } : shipping}
        currency={order?.currency ?? shipping.currency}
      >
        {!order && <DiscountCodeField cartItemIds={items.map((i) => i.cart_item_id)} applied={discount} onApplied={setDiscount} disabled={pending} />}
        {error && (
          <p role="alert" className="mt-4 rounded-lg border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
        {order ? (
          <>
              <p role="status" className="mt-5 rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-dark">
                Order #{order.order_id} is confirmed. Pay now, or pay later from your orders.
              </p>
              <PayActions orderId={order.order_id} total={order.total_amount} currency={order.currency} />
          </>
        ) : (
          <div className="mt-5 space-y-3">
            <button type="submit" disabled={pending} className={buttonClasses('primary', 'lg', 'w-full')}>
              {pending ? 'Confirming…' : 'Confirm Order'}
            </button>
            <Link href="/cart" className="block text-center text-sm text-muted hover:text-ink hover:underline">
              Back to cart
            </Link>
          </div>
        )}
      </OrderSummary>
    </form>
  );
}

type QuoteState = {
  /** The services offered, cheapest first; null while there is no address to quote or it failed. */
  services: QuotedServiceJson[] | null;
  zone: string | null;
  loading: boolean;
  error: string | null;
  chosenId: number | null;
  choose: (id: number) => void;
  /** The day and window chosen for a two-person service. */
  slot: { date: string; window: 'morning' | 'afternoon' } | null;
  chooseSlot: (slot: { date: string; window: 'morning' | 'afternoon' }) => void;
};

/**
 * Quotes delivery for the selected lines whenever the address changes: a saved address by id, a new
 * one once its postcode and country are typed (after a short pause). Keeps the customer's choice
 * while it is still offered; otherwise preselects the cheapest service that delivers.
 */
function useDeliveryQuote(items: CartItemJson[], addressChoice: string, postcode: string, country: string, locked: boolean): QuoteState {
  const [result, setResult] = useState<{ key: string; services: QuotedServiceJson[] | null; zone: string | null; error: string | null } | null>(null);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [slot, setSlot] = useState<QuoteState['slot']>(null);
  const ready = addressChoice !== 'new' || (NZ_POSTCODE.test((postcode ?? '').trim()) && (country ?? '').trim() !== '');
  const key = addressChoice !== 'new' ? `saved:${addressChoice}` : `new:${(postcode ?? '').trim()}:${(country ?? '').trim().toLowerCase()}`;

  useEffect(() => {
    if (locked || !ready || items.length === 0) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const cartItems = items.map((i) => ({ cart_item_id: i.cart_item_id }));
      const body = addressChoice !== 'new' ? { cartItems, addressId: Number(addressChoice) } : { cartItems, address: { postal_code: postcode.trim(), country: country.trim() } };
      try {
        const q = await api.delivery.quote(body);
        if (cancelled) return;
        setResult({ key, services: q.services, zone: q.zone.name, error: null });
        setChosenId((current) => (current !== null && q.services.some((s) => s.service_id === current) ? current : (q.services.find((s) => s.kind !== 'click_collect') ?? q.services[0]).service_id));
      } catch (e) {
        if (cancelled) return;
        setResult({ key, services: null, zone: null, error: errorMessageOf(e) });
      }
    }, addressChoice === 'new' ? 400 : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, ready, locked, items, addressChoice, postcode, country]);

  const current = result && result.key === key && ready ? result : null;
  const services = current?.services ?? null;
  const chosen = services?.find((s) => s.service_id === chosenId) ?? null;
  // The slot shown is the customer's when the chosen service still offers it, else its first free window.
  const offered = chosen?.days ?? [];
  const validSlot = slot && offered.some((d) => d.date === slot.date && d.windows.includes(slot.window)) ? slot : offered[0] ? { date: offered[0].date, window: offered[0].windows[0] } : null;
  return { services, zone: current?.zone ?? null, error: current?.error ?? null, loading: ready && !current && !locked, chosenId: services ? chosenId : null, choose: setChosenId, slot: validSlot, chooseSlot: setSlot };
}

function errorMessageOf(e: unknown): string {
  if (e instanceof ApiError && e.status > 0 && e.status < 500) return serverMessage(e) ?? 'We could not quote delivery to this address.';
  return 'We could not quote delivery just now. Please try again.';
}

/**
 * The services offered for the address: a radio each with its price and earliest day. Says why
 * there is nothing to choose: no address yet, a postcode that is not four digits, or the quote's
 * own reason (e.g. a postcode outside every delivery zone).
 */
function DeliveryChoice({ state, currency, locked, postcodeInvalid }: { state: QuoteState; currency: string; locked: boolean; postcodeInvalid: boolean }) {
  return (
    <section aria-labelledby="delivery-heading" className="rounded-card border border-line bg-surface p-5">
      <h2 id="delivery-heading" className="font-display text-lg text-ink">
        Delivery {state.zone && <span className="text-sm font-normal text-muted">to {state.zone}</span>}
      </h2>
      {state.error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {state.error}
        </p>
      ) : state.services ? (
        <>
          <div className="mt-4 space-y-2" role="radiogroup" aria-labelledby="delivery-heading">
            {state.services.map((s) => (
              <Choice key={s.service_id} name="deliveryService" value={String(s.service_id)} checked={state.chosenId === s.service_id} onChange={() => state.choose(s.service_id)} disabled={locked}>
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium">{s.name}</span>
                  <span className="tabular-nums">{s.price === 0 ? 'Free' : formatMoney(s.price, currency)}</span>
                </span>
                <span className="block text-muted">{dayText({ kind: s.kind, date: s.earliest_date, window: null })}</span>
                {s.assembly_fee > 0 && <span className="block text-muted">Includes assembly {formatMoney(s.assembly_fee, currency)}</span>}
                {s.pickup && (
                  <span className="block text-muted">
                    {s.pickup.name}, {s.pickup.address} · {s.pickup.opening_hours}
                  </span>
                )}
              </Choice>
            ))}
          </div>
          <DaySlots state={state} locked={locked} />
        </>
      ) : (
        <p className="mt-3 text-sm text-muted" aria-live="polite">
          {state.loading ? 'Finding delivery options…' : postcodeInvalid ? 'Enter a four-digit New Zealand postcode to see the delivery options, prices and dates.' : 'Choose a delivery address to see the delivery options, prices and dates.'}
        </p>
      )}
    </section>
  );
}

/** A two-person service's day and window: the offered days with room, and the morning or afternoon. */
function DaySlots({ state, locked }: { state: QuoteState; locked: boolean }) {
  const chosen = state.services?.find((s) => s.service_id === state.chosenId);
  if (!chosen || chosen.days.length === 0 || !state.slot) return null;
  return <DeliveryDayPicker days={chosen.days} slot={state.slot} onChange={state.chooseSlot} disabled={locked} className="mt-3 rounded-lg border border-line p-3" />;
}
