/**
 * The frame every e-mail of the shop shares (React Email): the store name at the top, the support
 * address at the bottom, and the blocks the order messages repeat (lines with totals and the GST
 * included, the delivery address). Inline styles only: mail clients drop style sheets.
 */
import { Body, Column, Container, Head, Heading, Hr, Html, Link, Preview, Row, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { AddressSnapshot } from '@/db/schema';
import { formatMoney } from '@/lib/money';
import { deliveryDayText } from '@/lib/delivery/calendar';
import type { MarketingFacts, OrderFacts, ShopFacts } from './names';

const ink = '#1f2a24';
const muted = '#5b665f';
const line = '#e4e0d8';

const styles = {
  body: { backgroundColor: '#f6f4ef', fontFamily: 'Helvetica, Arial, sans-serif', color: ink, margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', border: `1px solid ${line}`, borderRadius: 8, maxWidth: 600, padding: '24px 32px' },
  brand: { fontSize: 20, fontWeight: 700, letterSpacing: 0.3, color: '#2f5d50', margin: '0 0 16px' },
  h1: { fontSize: 22, lineHeight: '28px', margin: '0 0 12px', color: ink },
  text: { fontSize: 15, lineHeight: '22px', margin: '0 0 12px', color: ink },
  small: { fontSize: 13, lineHeight: '20px', margin: '0 0 4px', color: muted },
  hr: { borderColor: line, margin: '20px 0' },
  cell: { fontSize: 14, lineHeight: '20px', padding: '4px 0', color: ink, verticalAlign: 'top' as const },
  right: { fontSize: 14, lineHeight: '20px', padding: '4px 0', color: ink, textAlign: 'right' as const, verticalAlign: 'top' as const, whiteSpace: 'nowrap' as const },
  strong: { fontWeight: 700 },
};

/**
 * Class of the rows (a line and its amount) that the plain-text version lays out side by side
 * (lib/mail/templates/index.tsx PLAIN_TEXT).
 */
export const TEXT_ROW = 'text-row';

/** Cents → "$1,299.50" in the order's currency. */
export const money = (cents: number, currency: string) => formatMoney(cents / 100, currency);

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

/**
 * The first line of every customer e-mail: "Kia ora Aroha," — the name chosen by the one rule,
 * greetingName (names.ts); "Kia ora," when no name is known.
 */
export function Greeting({ name }: { name: string | null | undefined }) {
  return <Text style={styles.text}>{name ? `Kia ora ${name},` : 'Kia ora,'}</Text>;
}

export function Title({ children }: { children: ReactNode }) {
  return <Heading as="h1" style={styles.h1}>{children}</Heading>;
}

/**
 * The page of every message: store name, the content, then where to write with questions. A
 * marketing message (`marketing`) also names its sender — store name and postal address — and
 * ends with its one-click unsubscribe link (docs/mail.md "Marketing e-mail").
 */
export function Layout({ shop, preview, marketing, children }: { shop: ShopFacts; preview: string; marketing?: MarketingFacts; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{shop.storeName}</Text>
          {children}
          <Hr style={styles.hr} />
          <Text style={styles.small}>
            Questions? Write to us at <Link href={`mailto:${shop.supportEmail}`}>{shop.supportEmail}</Link>.
          </Text>
          <Text style={styles.small}>
            {shop.storeName} · <Link href={shop.siteUrl}>{shop.siteUrl}</Link>
          </Text>
          {marketing ? (
            <>
              <Text style={styles.small}>
                {`Sent by ${shop.storeName}, ${marketing.storeAddress}, because you agreed to ideas, offers and reminders from us.`}
              </Text>
              <Text style={styles.small}>
                <Link href={marketing.unsubscribeUrl}>Unsubscribe from these e-mails</Link> — one click, and they stop at once.
              </Text>
            </>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

function AmountRow({ label, value, bold }: { label: string; value: string; bold?: boolean }) {
  return (
    <Row className={TEXT_ROW}>
      <Column style={bold ? { ...styles.cell, ...styles.strong } : styles.cell}>{label}</Column>
      <Column style={bold ? { ...styles.right, ...styles.strong } : styles.right}>{value}</Column>
    </Row>
  );
}

/** The order's lines, subtotal, discount, delivery, total and the GST it includes. */
export function OrderSummary({ order }: { order: OrderFacts }) {
  const m = (cents: number) => money(cents, order.currency);
  return (
    <Section>
      <Text style={{ ...styles.text, ...styles.strong }}>Order #{order.id}</Text>
      {order.lines.map((l, i) => (
        <Row key={i} className={TEXT_ROW}>
          <Column style={styles.cell}>
            {l.quantity} × {l.name}
            {l.details ? <span style={{ color: muted }}> ({l.details})</span> : null}
            <br />
            <span style={{ color: muted, fontSize: 12 }}>
              SKU {l.sku} · {m(l.unitPrice)} each
            </span>
          </Column>
          <Column style={styles.right}>{m(l.total)}</Column>
        </Row>
      ))}
      <Hr style={styles.hr} />
      <AmountRow label="Subtotal" value={m(order.subtotal)} />
      {order.discount ? <AmountRow label={`Discount (${order.discount.code})`} value={`−${m(order.discount.amount)}`} /> : null}
      <AmountRow label={order.delivery ? `Delivery · ${order.delivery.name}` : 'Delivery'} value={order.shippingFee === 0 ? 'Free' : m(order.shippingFee)} />
      {order.assemblyFee ? <AmountRow label="Assembly" value={m(order.assemblyFee)} /> : null}
      {order.gstIncluded !== null && order.pricesIncludeGst === false ? <AmountRow label={`GST (${order.gstRatePercent}%)`} value={m(order.gstIncluded)} /> : null}
      <AmountRow label="Total" value={m(order.total)} bold />
      {order.gstIncluded !== null && order.pricesIncludeGst !== false ? <Text style={styles.small}>{`Includes GST ${m(order.gstIncluded)} (${order.gstRatePercent}%).`}</Text> : null}
      {order.delivery ? (
        <Text style={styles.small}>
          {[order.delivery.zone ? `${order.delivery.name} to ${order.delivery.zone}.` : `${order.delivery.name}.`, order.delivery.date ? `${deliveryDayText(order.delivery)}.` : null, order.delivery.pickup ? `Collect from ${order.delivery.pickup.name}, ${order.delivery.pickup.address}. Open ${order.delivery.pickup.openingHours}.` : null]
            .filter(Boolean)
            .join(' ')}
        </Text>
      ) : null}
    </Section>
  );
}

/** The address lines of a delivery address snapshot. */
export function addressLines(a: AddressSnapshot): string[] {
  const name = [a.firstName, a.lastName].filter(Boolean).join(' ');
  const cityLine = [a.city, a.postalCode].filter(Boolean).join(' ');
  return [name, a.streetAddress, cityLine, a.stateProvince ?? '', a.country].filter((s) => s && s.trim() !== '');
}

export function DeliveryAddress({ address }: { address: AddressSnapshot | null }) {
  if (!address) return null;
  return (
    <Section>
      <Hr style={styles.hr} />
      <Text style={{ ...styles.text, ...styles.strong, marginBottom: 4 }}>Delivery address</Text>
      <Text style={{ ...styles.text, margin: 0 }}>
        {addressLines(address).map((l, i) => (
          <span key={i}>
            {i > 0 ? <br /> : null}
            {l}
          </span>
        ))}
      </Text>
    </Section>
  );
}

export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Text style={styles.text}>
      <Link href={href} style={{ backgroundColor: '#2f5d50', color: '#ffffff', padding: '10px 18px', borderRadius: 6, textDecoration: 'none', display: 'inline-block' }}>
        {children}
      </Link>
    </Text>
  );
}
