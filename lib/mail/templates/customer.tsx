/** The customers' e-mails about their orders (docs/mail.md); payloads built by lib/mail/events.ts. */
import { ButtonLink, DeliveryAddress, Greeting, Layout, money, OrderSummary, Paragraph, Title } from './layout';
import { formatDay, WINDOW_TEXT } from '@/lib/delivery/calendar';
import type { CancelledPayload, OrderFacts, DeliveryDayChangedPayload, OrderPayload, PasswordResetPayload, PaymentPayload, RefundIssuedPayload, ReturnPayload, ReviewModeratedPayload, ReviewRequestPayload, ShopFacts, StockAlertConfirmPayload } from './names';

/** Whom an order's e-mail greets: its greetingName; older messages carried only customerName. */
const orderGreeting = (order: OrderFacts) => (order.greetingName !== undefined ? order.greetingName : order.customerName);

export function OrderReceivedEmail({ shop, order }: OrderPayload) {
  return (
    <Layout shop={shop} preview={`We have your order #${order.id}`}>
      <Title>We have your order #{order.id}</Title>
      <Greeting name={orderGreeting(order)} />
      <Paragraph>
        Thank you for shopping with {shop.storeName}. Your order is reserved for you: pay {money(order.total, order.currency)} to confirm it, and we will start getting it ready.
      </Paragraph>
      <ButtonLink href={`${shop.siteUrl}/checkout/${order.id}`}>Pay for order #{order.id}</ButtonLink>
      <OrderSummary order={order} />
      <DeliveryAddress address={order.address} />
    </Layout>
  );
}

const METHOD: Record<string, string> = { credit_card: 'card', paypal: 'PayPal' };

export function PaymentReceivedEmail({ shop, order, payment }: PaymentPayload) {
  const by = payment.method ? ` by ${METHOD[payment.method] ?? payment.method}` : '';
  return (
    <Layout shop={shop} preview={`Payment received for order #${order.id}`}>
      <Title>Payment received for order #{order.id}</Title>
      <Greeting name={orderGreeting(order)} />
      <Paragraph>
        We have received your payment of {money(order.total, order.currency)}
        {by}. We are getting your order ready and will let you know when it is on its way.
      </Paragraph>
      <OrderSummary order={order} />
      <DeliveryAddress address={order.address} />
      <ButtonLink href={`${shop.siteUrl}/order`}>See your orders</ButtonLink>
    </Layout>
  );
}

/**
 * "On its way": with a booked delivery day (two-person delivery) the e-mail gives that day and
 * window; without one, the delivery team arranges a time.
 */
export function OrderShippedEmail({ shop, order }: OrderPayload) {
  const d = order.delivery;
  const booked = d?.date && d.window ? `${formatDay(d.date)}, ${WINDOW_TEXT[d.window]}` : null;
  return (
    <Layout shop={shop} preview={booked ? `Order #${order.id} is on its way: delivery on ${booked}` : `Order #${order.id} is on its way`}>
      <Title>Order #{order.id} is on its way</Title>
      <Greeting name={orderGreeting(order)} />
      <Paragraph>
        {booked
          ? `Your order has left our warehouse. It will be delivered on ${booked}, as booked: please make sure someone is home then.`
          : 'Your order has left our warehouse. Our delivery team will be in touch to arrange a time.'}
      </Paragraph>
      <OrderSummary order={order} />
      <DeliveryAddress address={order.address} />
    </Layout>
  );
}

export function OrderDeliveredEmail({ shop, order }: OrderPayload) {
  return (
    <Layout shop={shop} preview={`Order #${order.id} has been delivered`}>
      <Title>Order #{order.id} has been delivered</Title>
      <Greeting name={orderGreeting(order)} />
      <Paragraph>Your order has been delivered. We hope you enjoy it. If something is not right, reply to this e-mail or write to {shop.supportEmail}.</Paragraph>
      <OrderSummary order={order} />
      <DeliveryAddress address={order.address} />
    </Layout>
  );
}

/** Click & collect: the order is ready; where and when to collect it (the pickup snapshot on the order). */
export function OrderReadyForCollectionEmail({ shop, order }: OrderPayload) {
  const pickup = order.delivery?.pickup;
  return (
    <Layout shop={shop} preview={`Order #${order.id} is ready to collect`}>
      <Title>Order #{order.id} is ready to collect</Title>
      <Greeting name={orderGreeting(order)} />
      <Paragraph>
        {pickup
          ? `Your order is ready for you at ${pickup.name}, ${pickup.address}. We are open ${pickup.openingHours}. Please bring this e-mail or your order number.`
          : 'Your order is ready to collect. Please bring this e-mail or your order number.'}
      </Paragraph>
      <OrderSummary order={order} />
    </Layout>
  );
}

/** A booked two-person delivery moved to another day or window: the new day, and the one it replaces. */
export function DeliveryDayChangedEmail({ shop, order, previous }: DeliveryDayChangedPayload) {
  const slot = (d: { date: string | null; window: 'morning' | 'afternoon' | null } | null | undefined) => (d?.date ? [formatDay(d.date), d.window ? WINDOW_TEXT[d.window] : null].filter(Boolean).join(', ') : null);
  const now = slot(order.delivery);
  const before = slot(previous);
  return (
    <Layout shop={shop} preview={`Your delivery day has changed: order #${order.id}`}>
      <Title>Your delivery day has changed</Title>
      <Greeting name={orderGreeting(order)} />
      <Paragraph>
        {now ? `Order #${order.id} will now be delivered on ${now}` : `The delivery day of order #${order.id} has changed`}
        {before ? `, instead of ${before}.` : '.'}
      </Paragraph>
      <Paragraph>You can change it again on Your Orders until two working days before delivery. If you did not ask for this change, reply to this e-mail or write to {shop.supportEmail}.</Paragraph>
      <OrderSummary order={order} />
      <DeliveryAddress address={order.address} />
      <ButtonLink href={`${shop.siteUrl}/order`}>See your orders</ButtonLink>
    </Layout>
  );
}

const CANCELLED_REASON: Record<CancelledPayload['by'], string> = {
  customer: 'As you asked, we have cancelled your order.',
  admin: 'We have cancelled your order.',
  expiry: 'Your order was not paid in time, so we have cancelled it and released the items we were holding for you.',
};

export function OrderCancelledEmail({ shop, order, by, paid }: CancelledPayload) {
  return (
    <Layout shop={shop} preview={`Order #${order.id} has been cancelled`}>
      <Title>Order #{order.id} has been cancelled</Title>
      <Greeting name={orderGreeting(order)} />
      <Paragraph>{CANCELLED_REASON[by]}</Paragraph>
      {paid ? (
        <Paragraph>You had paid for this order: we will refund you, and you will hear from us when the refund is on its way.</Paragraph>
      ) : (
        <Paragraph>Nothing has been charged.</Paragraph>
      )}
      <OrderSummary order={order} />
      <ButtonLink href={`${shop.siteUrl}/products`}>Keep shopping</ButtonLink>
    </Layout>
  );
}

/** "Reset your password" — the single-use link of a "Forgot password?" request. */
export function PasswordResetEmail({ shop, customerName, userName, resetUrl, minutes }: PasswordResetPayload) {
  return (
    <Layout shop={shop} preview={`Reset your ${shop.storeName} password`}>
      <Title>Reset your password</Title>
      <Greeting name={customerName !== undefined ? customerName : userName} />
      <Paragraph>
        {`Someone, probably you, asked to reset the password of your ${shop.storeName} account. Choose a new password with the button below. The link works once, for ${minutes} minutes.`}
      </Paragraph>
      <ButtonLink href={resetUrl}>Choose a new password</ButtonLink>
      <Paragraph>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</Paragraph>
    </Layout>
  );
}

export function ReviewRequestEmail({ shop, orderId, customerName, lines }: ReviewRequestPayload) {
  return (
    <Layout shop={shop} preview={`How are you finding your order #${orderId}?`}>
      <Title>How are you finding your new furniture?</Title>
      <Greeting name={customerName} />
      <Paragraph>
        Your order #{orderId} arrived a little while ago. Would you tell other shoppers what you think of it? A rating and a few words help them choose, and help us
        know what to keep in the range. Reviews appear on the product page once we have checked them.
      </Paragraph>
      {lines.map((line) => (
        <Paragraph key={line.reviewUrl}>
          <strong>{line.name}</strong>
          {line.details ? ` (${line.details})` : ''} — <a href={line.reviewUrl}>Review this item</a>
        </Paragraph>
      ))}
      <ButtonLink href={lines[0]?.reviewUrl ?? `${shop.siteUrl}/orders`}>Write a review</ButtonLink>
    </Layout>
  );
}

export function ReviewModeratedEmail({ shop, customerName, review }: ReviewModeratedPayload) {
  const published = review.status === 'approved';
  return (
    <Layout shop={shop} preview={published ? 'Your review is published' : 'About your review'}>
      <Title>{published ? 'Your review is published' : 'We could not publish your review'}</Title>
      <Greeting name={customerName} />
      {published ? (
        <Paragraph>
          Thank you for reviewing {review.productName}. Your review &ldquo;{review.title}&rdquo; is now on the product page, where it helps other shoppers choose.
        </Paragraph>
      ) : (
        <>
          <Paragraph>
            Thank you for reviewing {review.productName}. We read every review before it appears, and we could not publish &ldquo;{review.title}&rdquo;.
          </Paragraph>
          {review.reason && <Paragraph>The reason: {review.reason}</Paragraph>}
          <Paragraph>If you think we got it wrong, reply to this e-mail or write to {shop.supportEmail}.</Paragraph>
        </>
      )}
      <ButtonLink href={published ? review.productUrl : review.reviewUrl}>See your review</ButtonLink>
    </Layout>
  );
}

/** "Your refund is on its way" — a refund succeeded at the gateway. */
export function RefundIssuedEmail({ shop, customerName, orderId, refund, creditNoteUrl }: RefundIssuedPayload) {
  return (
    <Layout shop={shop} preview={`Refund of ${money(refund.amount, refund.currency)} for order #${orderId}`}>
      <Title>We have refunded {money(refund.amount, refund.currency)}</Title>
      <Greeting name={customerName} />
      <Paragraph>
        {`We have refunded ${money(refund.amount, refund.currency)} for order #${orderId} to the card or account you paid with. Depending on your bank it can take up to 5 working days to show.`}
        {refund.full ? ' The order is now refunded in full.' : ''}
      </Paragraph>
      {refund.lines.map((l) => (
        <Paragraph key={l.name}>
          {`${l.quantity} × ${l.name} — ${money(l.amount, refund.currency)}`}
        </Paragraph>
      ))}
      {refund.deliveryFee > 0 ? <Paragraph>{`Delivery — ${money(refund.deliveryFee, refund.currency)}`}</Paragraph> : null}
      {refund.collectionFee ? <Paragraph>{`Less the return collection fee — ${money(refund.collectionFee, refund.currency)}`}</Paragraph> : null}
      {refund.reason ? <Paragraph>{`Reason: ${refund.reason}`}</Paragraph> : null}
      {refund.creditNote ? <ButtonLink href={creditNoteUrl}>{`See credit note ${refund.creditNote}`}</ButtonLink> : null}
    </Layout>
  );
}

function ReturnLines({ ret }: { ret: ReturnPayload['ret'] }) {
  return (
    <>
      {ret.lines.map((l) => (
        <Paragraph key={l.name}>{`${l.quantity} × ${l.name}`}</Paragraph>
      ))}
    </>
  );
}

/** "We have your return request". */
export function ReturnReceivedEmail({ shop, customerName, orderId, ret, ordersUrl }: ReturnPayload) {
  return (
    <Layout shop={shop} preview={`We have your return request for order #${orderId}`}>
      <Title>We have your return request</Title>
      <Greeting name={customerName} />
      <Paragraph>{`Thank you for letting us know. We have your request to return these items of order #${orderId}, and we will reply within 2 working days.`}</Paragraph>
      <ReturnLines ret={ret} />
      <Paragraph>{`Your reason: ${ret.reason}`}</Paragraph>
      <ButtonLink href={ordersUrl}>See your orders</ButtonLink>
    </Layout>
  );
}

/** "Your return is approved" / "About your return". */
export function ReturnDecidedEmail({ shop, customerName, orderId, ret, ordersUrl }: ReturnPayload) {
  const approved = ret.status === 'approved';
  return (
    <Layout shop={shop} preview={approved ? `Your return for order #${orderId} is approved` : `About your return for order #${orderId}`}>
      <Title>{approved ? 'Your return is approved' : 'We cannot accept this return'}</Title>
      <Greeting name={customerName} />
      <Paragraph>
        {approved
          ? `We have approved the return of these items of order #${orderId}. We will be in touch to arrange a collection, or you can drop them at our Epsom warehouse. We refund you once they reach us.`
          : `We have looked at your request to return items of order #${orderId}, and we cannot accept it.`}
      </Paragraph>
      <ReturnLines ret={ret} />
      {ret.message ? <Paragraph>{`${approved ? 'A note from us' : 'The reason'}: ${ret.message}`}</Paragraph> : null}
      {!approved ? <Paragraph>If an item is faulty, the Consumer Guarantees Act still applies: reply to this e-mail or write to {shop.supportEmail}.</Paragraph> : null}
      <ButtonLink href={ordersUrl}>See your orders</ButtonLink>
    </Layout>
  );
}

export function StockAlertConfirmEmail({ shop, product, productUrl, confirmUrl }: StockAlertConfirmPayload) {
  return (
    <Layout shop={shop} preview={`Confirm your alert for ${product.name}`}>
      <Title>Confirm your back-in-stock alert</Title>
      <Greeting name={null} />
      <Paragraph>
        Someone, probably you, asked {shop.storeName} to send this address one e-mail when <a href={productUrl}>{product.name}</a> is back in stock. Please confirm with the
        button below; until then we will not write to you about it.
      </Paragraph>
      <ButtonLink href={confirmUrl}>Confirm my alert</ButtonLink>
      <Paragraph>If you did not ask for this, ignore this e-mail: nothing more will be sent.</Paragraph>
    </Layout>
  );
}

/** BackInStockPayload with the site's address and the settings' defaults filled in (templates/index.tsx). */
export type BackInStockView = { shop: ShopFacts; customerName: string | null; product: { id: number; name: string }; productUrl: string; unsubscribeUrl: string };

export function BackInStockEmail({ shop, customerName, product, productUrl, unsubscribeUrl }: BackInStockView) {
  return (
    <Layout shop={shop} preview={`${product.name} is back in stock`}>
      <Title>{product.name} is back in stock</Title>
      <Greeting name={customerName} />
      <Paragraph>
        You asked us to let you know when {product.name} was back. It is in stock again now. We keep items for you only once an order is placed, so it may sell out
        again.
      </Paragraph>
      <ButtonLink href={productUrl}>See {product.name}</ButtonLink>
      <Paragraph>
        This was a one-off alert: we will not write to you about this product again. <a href={unsubscribeUrl}>Unsubscribe from back-in-stock alerts</a> to stop
        any others you have asked for.
      </Paragraph>
    </Layout>
  );
}
