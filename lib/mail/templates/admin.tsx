/** The administrators' e-mails (docs/mail.md): a new paid order, a product at its low-stock threshold. */
import { ButtonLink, DeliveryAddress, Layout, money, OrderSummary, Paragraph, Title } from './layout';
import type { LowStockPayload, NewPaidOrderPayload } from './names';

export function NewPaidOrderEmail({ shop, order, customerEmail, adminOrderUrl }: NewPaidOrderPayload) {
  return (
    <Layout shop={shop} preview={`New paid order #${order.id}`}>
      <Title>New paid order #{order.id}</Title>
      <Paragraph>
        {order.customerName} ({customerEmail}) has paid {money(order.total, order.currency)} for order #{order.id}. It is ready to be prepared.
      </Paragraph>
      <ButtonLink href={adminOrderUrl}>Open Order Management</ButtonLink>
      <OrderSummary order={order} />
      <DeliveryAddress address={order.address} />
    </Layout>
  );
}

export function LowStockEmail({ shop, product, threshold, adminProductUrl }: LowStockPayload) {
  return (
    <Layout shop={shop} preview={`Low stock: ${product.name}`}>
      <Title>Low stock: {product.name}</Title>
      <Paragraph>
        {product.name} (SKU {product.sku}) is down to {product.stock} {product.stock === 1 ? 'unit' : 'units'}, at or below the low-stock threshold of {threshold}.
      </Paragraph>
      <ButtonLink href={adminProductUrl}>Open Product Management</ButtonLink>
    </Layout>
  );
}
