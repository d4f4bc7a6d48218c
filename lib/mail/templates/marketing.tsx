/**
 * Marketing e-mails (docs/mail.md "Marketing e-mail"): sent only to customers who agreed, each
 * naming its sender and ending with a one-click unsubscribe (the Layout's `marketing` footer).
 */
import { Link } from '@react-email/components';
import { ButtonLink, Greeting, Layout, money, Paragraph, Title } from './layout';
import type { CartReminderPayload, PriceDropPayload } from './names';

export function PriceDropEmail({ shop, marketing, customerName, product, savedUrl }: PriceDropPayload) {
  const now = money(product.now, product.currency);
  const was = money(product.was, product.currency);
  return (
    <Layout shop={shop} marketing={marketing} preview={`${product.name} is now ${now} (was ${was})`}>
      <Title>A saved item costs less now</Title>
      <Greeting name={customerName} />
      <Paragraph>
        {`${product.name}, which you saved, is now ${now} — ${product.percentOff}% less than the ${was} it was. Prices can change again, so if it is the one, now is a good time.`}
      </Paragraph>
      <ButtonLink href={product.productUrl}>See {product.name}</ButtonLink>
      <Paragraph>
        Everything you saved is on <Link href={savedUrl}>your saved items</Link>.
      </Paragraph>
    </Layout>
  );
}

export function CartReminderEmail({ shop, marketing, customerName, items, more, cartUrl }: CartReminderPayload) {
  const lines = items.map((i) => `${i.quantity} × ${i.name}`);
  if (more > 0) lines.push(`and ${more} more`);
  return (
    <Layout shop={shop} marketing={marketing} preview="Your cart is still waiting for you">
      <Title>Your cart is still waiting</Title>
      <Greeting name={customerName} />
      <Paragraph>You left these in your cart at {shop.storeName}:</Paragraph>
      {lines.map((l) => (
        <Paragraph key={l}>{l}</Paragraph>
      ))}
      <Paragraph>We have not set them aside: stock and prices can change until you place your order.</Paragraph>
      <ButtonLink href={cartUrl}>Open my cart</ButtonLink>
    </Layout>
  );
}
