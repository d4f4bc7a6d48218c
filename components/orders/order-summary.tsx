/**
 * An order's lines and amounts (order confirmation, checkout, thank-you). Presentational: works in
 * server and client components. Money in decimal dollars, formatted en-NZ in the order's currency.
 */
import clsx from 'clsx';
import { formatMoney } from '@/lib/money';
import { ProductThumb } from '@/components/cart/product-thumb';
import type { OrderJson } from '@/lib/orders/mappers';
import type { GstRule } from '@/lib/pricing/gst';
import { GstAmount, GstRow } from './gst-note';
import { DeliveryDetails } from './delivery-details';

export type SummaryLine = {
  key: number;
  name: string;
  quantity: number;
  unitPrice: number;
  image?: string | null;
  /** The product's illustration and colour, drawn when it has no image. */
  illustration?: string | null;
  color?: string | null;
  detail?: string | null;
};

/** OrderSummary's lines and amounts for a placed order: `<OrderSummary {...summaryOf(order)} />`. */
export const summaryOf = (order: OrderJson) => ({
  lines: order.orderItems.map((l) => ({
    key: l.order_item_id,
    name: l.product.name,
    quantity: l.quantity,
    unitPrice: l.unit_price,
    image: l.product.image_url,
    illustration: l.product.illustration,
    color: l.product.color,
  })),
  subtotal: order.subtotal,
  discount: order.discount_code ? { code: order.discount_code, amount: order.discount_amount } : null,
  shippingFee: order.shipping_fee,
  assemblyFee: order.assembly_fee,
  delivery: order.delivery,
  total: order.total_amount,
  gst: order.gst_amount,
  gstRule: { gstRatePercent: order.gst_rate_percent, pricesIncludeGst: order.prices_include_gst },
  currency: order.currency,
});

/** A "Discount (CODE) −$X" row of a totals list; nothing without a discount. */
export function DiscountRow({ discount, currency }: { discount?: { code: string; amount: number } | null; currency: string }) {
  if (!discount) return null;
  return (
    <div className="flex justify-between text-brand-dark">
      <dt>
        Discount <span className="font-medium">({discount.code})</span>
      </dt>
      <dd className="tabular-nums" data-testid="order-discount">
        −{formatMoney(discount.amount, currency)}
      </dd>
    </div>
  );
}

export function OrderSummary({
  lines,
  subtotal,
  discount,
  shippingFee,
  assemblyFee = 0,
  delivery,
  deliveryName,
  total,
  gst,
  gstRule,
  currency,
  className,
  children,
}: {
  lines: SummaryLine[];
  subtotal: number;
  /** A discount code and the decimal dollars it takes off the goods. */
  discount?: { code: string; amount: number } | null;
  /** Decimal dollars; null while no service is quoted for an address (shown as "—"). */
  shippingFee: number | null;
  /** Assembly, shown as its own line when charged. */
  assemblyFee?: number;
  /** A placed order's delivery: shown under the amounts. */
  delivery?: OrderJson['delivery'];
  /** The service the delivery line is for, before the order is placed ("Courier"). */
  deliveryName?: string;
  total: number;
  /** Decimal dollars of GST in the total, and the rule it follows. */
  gst: number;
  gstRule: GstRule;
  currency: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={clsx('rounded-card border border-line bg-surface p-5', className)}>
      <h2 className="font-display text-lg text-ink">Order summary</h2>
      <ul className="mt-4 divide-y divide-line" aria-label="Items">
        {lines.map((l) => (
          <li key={l.key} className="flex items-center gap-3 py-3 first:pt-0">
            <ProductThumb src={l.image} alt={l.name} size={52} illustration={l.illustration} color={l.color} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-ink">{l.name}</p>
              <p className="text-xs text-muted">
                {l.quantity} × {formatMoney(l.unitPrice, currency)}
                {l.detail ? ` · ${l.detail}` : ''}
              </p>
            </div>
            <p className="text-sm font-medium tabular-nums text-ink">{formatMoney(l.unitPrice * l.quantity, currency)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1.5 border-t border-line pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">Subtotal</dt>
          <dd className="tabular-nums">{formatMoney(subtotal, currency)}</dd>
        </div>
        <DiscountRow discount={discount} currency={currency} />
        <div className="flex justify-between gap-3">
          <dt className="text-muted">Shipping{(delivery?.name ?? deliveryName) ? ` · ${delivery?.name ?? deliveryName}` : ''}</dt>
          <dd className="tabular-nums" data-testid="order-delivery-fee">
            {shippingFee === null ? '—' : shippingFee === 0 ? 'Free' : formatMoney(shippingFee, currency)}
          </dd>
        </div>
        {assemblyFee > 0 && (
          <div className="flex justify-between">
            <dt className="text-muted">Assembly</dt>
            <dd className="tabular-nums">{formatMoney(assemblyFee, currency)}</dd>
          </div>
        )}
        <GstRow gst={gst} rule={gstRule} currency={currency} dollars />
        <div className="flex justify-between border-t border-line pt-2 text-base font-semibold text-ink">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {formatMoney(total, currency)}
          </dd>
        </div>
      </dl>
      <GstAmount gst={gst} rule={gstRule} currency={currency} dollars />
      {delivery && <DeliveryDetails delivery={delivery} className="mt-3 border-t border-line pt-3" />}
      {children}
    </div>
  );
}
