/**
 * Renders an outbox message (template + payload) to the HTML and plain-text bodies of its e-mail
 * with React Email. Used by delivery (lib/mail/deliver.ts) and by the administrators' outbox page.
 */
import 'server-only';
import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import type { Options } from '@react-email/render';
import { TEXT_ROW } from './layout';
import { LowStockEmail, NewPaidOrderEmail } from './admin';
import { BackInStockEmail, DeliveryDayChangedEmail, OrderCancelledEmail, OrderDeliveredEmail, OrderReadyForCollectionEmail, OrderReceivedEmail, OrderShippedEmail, PasswordResetEmail, PaymentReceivedEmail, RefundIssuedEmail, ReturnDecidedEmail, ReturnReceivedEmail, ReviewModeratedEmail, ReviewRequestEmail, StockAlertConfirmEmail, type BackInStockView } from './customer';
import { CartReminderEmail, PriceDropEmail } from './marketing';
import { TEMPLATE_NAMES, type BackInStockPayload, type PayloadOf, type TemplateName } from './names';
import { DEFAULT_SETTINGS } from '@/db/default-settings';
import { siteUrl } from '@/lib/server/env';

/**
 * A back-in-stock message as written by the database (BackInStockPayload): its paths made absolute
 * with SITE_URL, and the settings' default store name and support address where the settings had
 * none when it was written.
 */
export function backInStockView(p: BackInStockPayload, site = siteUrl()): BackInStockView {
  return {
    shop: { storeName: p.shop.storeName || String(DEFAULT_SETTINGS.store_name), supportEmail: p.shop.supportEmail || String(DEFAULT_SETTINGS.support_email), siteUrl: site },
    customerName: p.customerName,
    product: p.product,
    productUrl: `${site}${p.productPath}`,
    unsubscribeUrl: `${site}${p.unsubscribePath}`,
  };
}

const TEMPLATES: { [K in TemplateName]: (payload: PayloadOf[K]) => ReactElement } = {
  'order-received': (p) => <OrderReceivedEmail {...p} />,
  'payment-received': (p) => <PaymentReceivedEmail {...p} />,
  'order-shipped': (p) => <OrderShippedEmail {...p} />,
  'order-delivered': (p) => <OrderDeliveredEmail {...p} />,
  'order-ready-for-collection': (p) => <OrderReadyForCollectionEmail {...p} />,
  'delivery-day-changed': (p) => <DeliveryDayChangedEmail {...p} />,
  'order-cancelled': (p) => <OrderCancelledEmail {...p} />,
  'new-paid-order': (p) => <NewPaidOrderEmail {...p} />,
  'low-stock': (p) => <LowStockEmail {...p} />,
  'password-reset': (p) => <PasswordResetEmail {...p} />,
  'review-request': (p) => <ReviewRequestEmail {...p} />,
  'review-moderated': (p) => <ReviewModeratedEmail {...p} />,
  'refund-issued': (p) => <RefundIssuedEmail {...p} />,
  'return-received': (p) => <ReturnReceivedEmail {...p} />,
  'return-decided': (p) => <ReturnDecidedEmail {...p} />,
  'stock-alert-confirm': (p) => <StockAlertConfirmEmail {...p} />,
  'back-in-stock': (p) => <BackInStockEmail {...backInStockView(p)} />,
  'price-drop': (p) => <PriceDropEmail {...p} />,
  'cart-reminder': (p) => <CartReminderEmail {...p} />,
};

/** Plain text: a line and its amount on one row (html-to-text's data table), links after their text. */
const PLAIN_TEXT: Options = { plainText: true, htmlToTextOptions: { selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }, { selector: `table.${TEXT_ROW}`, format: 'dataTable', options: { colSpacing: 4, maxColumnWidth: 60 } }] } };

export type RenderedMail = { html: string; text: string };

const isTemplate = (name: string): name is TemplateName => (TEMPLATE_NAMES as readonly string[]).includes(name);

/**
 * The HTML and plain-text bodies of a message.
 * @throws Error for a template name this version of the shop does not know (the message then
 *   fails its delivery attempt and is retried, e.g. after a deploy that brings the template).
 */
export async function renderMail(template: string, payload: Record<string, unknown>): Promise<RenderedMail> {
  if (!isTemplate(template)) throw new Error(`Unknown e-mail template "${template}".`);
  const element = (TEMPLATES[template] as (p: unknown) => ReactElement)(payload);
  const [html, text] = await Promise.all([render(element), render(element, PLAIN_TEXT)]);
  return { html, text };
}
