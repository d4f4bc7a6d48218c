/**
 * An order as Order Management shows it under its row (spec §2 Order Management): the contact,
 * the delivery address, both messages, the items, the totals and the order's history. Amounts in `currency` (ISO 4217).
 */
import { AdminTable, Td, Th, Tr } from '@/components/admin/admin-table';
import { ProductThumb } from '@/components/cart/product-thumb';
import type { OrderItemJson, OrderJson } from '@/lib/orders/contracts';
import { formatMoney } from '@/lib/money';
import { DeliveryDetails } from '@/components/orders/delivery-details';
import { OrderHistory, historyKey } from '@/components/orders/order-history';

/** One labelled fact of a <dl>; an empty value reads N/A. */
function Fact({ label, children, className, testId }: { label: string; children: React.ReactNode; className?: string; testId?: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className={className} data-testid={testId}>
        {children || 'N/A'}
      </dd>
    </div>
  );
}

const FACTS = 'grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2';

/** Who ordered and where it goes (the snapshots taken when the order was placed). */
export function ContactBlock({ order }: { order: OrderJson }) {
  const c = order.contact;
  const a = order.address;
  return (
    <dl className={FACTS}>
      <Fact label="Contact">{c ? `${c.first_name} ${c.last_name}` : null}</Fact>
      <Fact label="Email" className="break-all">
        {c?.email}
      </Fact>
      <Fact label="Phone">{c?.phone_number}</Fact>
      <Fact label="Delivery address">{a ? [a.street_address, a.city, a.state_province, a.postal_code, a.country].filter(Boolean).join(', ') : null}</Fact>
      <Fact label="Delivery">{order.delivery ? <DeliveryDetails delivery={order.delivery} /> : null}</Fact>
    </dl>
  );
}

/** The order's amounts with its GST, and its tax invoice once paid. */
export function Totals({ order, currency }: { order: OrderJson; currency: string }) {
  return (
    <p className="mt-2 text-right text-sm text-muted">
      Subtotal {formatMoney(order.subtotal, currency)} ·{' '}
      {order.discount_code ? (
        <span data-testid="admin-order-discount">
          Discount ({order.discount_code}) −{formatMoney(order.discount_amount, currency)} ·{' '}
        </span>
      ) : null}
      Shipping{order.delivery ? ` (${order.delivery.name})` : ''} {formatMoney(order.shipping_fee, currency)} ·{' '}
      {order.assembly_fee > 0 ? <>Assembly {formatMoney(order.assembly_fee, currency)} · </> : null}
      {order.prices_include_gst ? null : <>GST {formatMoney(order.gst_amount, currency)} · </>}
      <span className="font-semibold text-ink">Total {formatMoney(order.total_amount, currency)}</span>
      {order.prices_include_gst ? <> · includes GST {formatMoney(order.gst_amount, currency)}</> : null}
      {order.payment_status !== 'unpaid' ? (
        <>
          {' · '}
          <a href={`/order/${order.order_id}/invoice`} className="font-medium text-brand underline-offset-2 hover:underline">
            Tax invoice
          </a>
        </>
      ) : null}
    </p>
  );
}

/** The headings of the first three item columns, shared by the details and the editor. */
export function ItemHeadings() {
  return (
    <>
      <Th>Product ID</Th>
      <Th>SKU</Th>
      <Th>Name</Th>
    </>
  );
}

/** An item's product id, SKU and picture with name; `note` (an error) under the name. */
export function ItemCells({ item, note }: { item: OrderItemJson; note?: string }) {
  return (
    <>
      <Td data-label="Product ID" className="tabular-nums">
        {item.product_id}
      </Td>
      <Td data-label="SKU" className="font-mono text-xs">
        {item.product.sku}
      </Td>
      <Td data-label="Name" className="max-md:col-span-2">
        <span className="flex items-center gap-2">
          <ProductThumb src={item.product.image_url} alt={item.product.name} size={36} illustration={item.product.illustration} color={item.product.color} />
          {item.product.name}
        </span>
        {note ? <span className="mt-1 block text-xs text-danger">{note}</span> : null}
      </Td>
    </>
  );
}

/** A right-aligned amount or count cell (left-aligned in the stacked phone layout). */
export function NumberCell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Td data-label={label} className="text-right max-md:text-left tabular-nums">
      {children}
    </Td>
  );
}

/** The read-only view of an order (Show Details), with its history (every entry, who made it). */
export function OrderDetails({ order, currency, timeZone }: { order: OrderJson; currency: string; timeZone: string }) {
  return (
    <div className="space-y-4" data-testid={`order-details-${order.order_id}`}>
      <ContactBlock order={order} />
      <dl className={FACTS}>
        <Fact label="Customer message" className="whitespace-pre-line">
          {order.customer_message}
        </Fact>
        <Fact label="Sales message" className="whitespace-pre-line" testId="sales-message">
          {order.sales_message}
        </Fact>
      </dl>
      <AdminTable label={`Items of order ${order.order_id}`} stacked>
        <thead>
          <tr>
            <ItemHeadings />
            <Th className="text-right">Quantity</Th>
            <Th className="text-right">Unit Price</Th>
            <Th className="text-right">Total Price</Th>
          </tr>
        </thead>
        <tbody>
          {order.orderItems.map((item) => (
            <Tr key={item.order_item_id}>
              <ItemCells item={item} />
              <NumberCell label="Quantity">{item.quantity}</NumberCell>
              <NumberCell label="Unit Price">{formatMoney(item.unit_price, currency)}</NumberCell>
              <NumberCell label="Total Price">{formatMoney(item.total_price, currency)}</NumberCell>
            </Tr>
          ))}
        </tbody>
      </AdminTable>
      <Totals order={order} currency={currency} />
      <OrderHistory key={historyKey(order)} orderId={order.order_id} timeZone={timeZone} staff />
    </div>
  );
}
