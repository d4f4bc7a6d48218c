/**
 * Terms of sale: how an order becomes a contract, prices and GST, payment, delivery, returns and
 * the shopper's rights under the Consumer Guarantees Act 1993 and the Fair Trading Act 1986. The
 * shop's name, address for questions and return window are the store_name, support_email and
 * return_window_days settings.
 */
import Link from 'next/link';
import { InfoPage } from '@/components/ui/page-heading';
import { Prose } from '@/components/ui/prose';
import { SHOP_CONTACT } from '@/lib/storefront/site-nav';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { getReturnWindowDays, getStoreIdentity } from '@/lib/settings/queries';

/** Prerendered at build; refreshed every five minutes so changed settings reach it. */
export const revalidate = 300;

export const generateMetadata = async () =>
  pageMetadata({
    path: '/terms',
    title: 'Terms of sale',
    description: `The terms on which ${(await getStoreIdentity()).storeName} sells furniture: orders, prices and GST, payment, delivery, returns and your rights under New Zealand consumer law.`,
  });

export default async function TermsPage() {
  const [{ storeName, supportEmail }, days] = await Promise.all([getStoreIdentity(), getReturnWindowDays()]);
  return (
    <InfoPage title="Terms of sale" lead={`The terms on which ${storeName} sells to you. Your rights under New Zealand consumer law always come first.`}>
      <Prose>
        <h2>Who we are</h2>
        <p>
          {storeName} is a furniture retailer at {SHOP_CONTACT.street}, {SHOP_CONTACT.suburb}, {SHOP_CONTACT.city}. You can reach us at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or on {SHOP_CONTACT.phone}. We sell to customers in New Zealand.
        </p>
        <h2>Your orders</h2>
        <ul>
          <li>
            When you confirm an order we reserve the items for you. The contract is made when your payment is received, or when
            we accept an order on account.
          </li>
          <li>
            An order that has not been paid within the time shown on your order is cancelled and the items are released; you can
            also cancel an unpaid order yourself from <Link href="/order">My Orders</Link>.
          </li>
          <li>
            If we cannot supply something you paid for — for example, it was damaged in our warehouse — we tell you straight
            away and refund you in full.
          </li>
        </ul>
        <h2>Prices and GST</h2>
        <p>
          Prices are in New Zealand dollars and include GST. Delivery and any assembly are shown, with their price, before you
          confirm. If a price on our site is obviously wrong, we will tell you before taking payment and you may cancel. We
          describe our products honestly and list their real sizes, as the Fair Trading Act 1986 requires; sale prices are
          compared with the price we actually charged before the sale.
        </p>
        <h2>Payment</h2>
        <p>
          You can pay by card (processed by Stripe) or with PayPal. We send a tax invoice by email once you have paid. See our{' '}
          <Link href="/privacy">privacy policy</Link> for how payment details are handled.
        </p>
        <h2>Delivery and collection</h2>
        <p>
          Delivery options, prices and days are on our <Link href="/shipping">shipping page</Link> and at checkout. The goods are
          your responsibility once they are delivered to you (or collected by you); until then they are ours, and so is any
          damage in transit. Please check your delivery and tell us about any damage as soon as you can.
        </p>
        <h2>Change of mind</h2>
        <p>
          You may return unused items in their original packaging within {days} days of delivery for a refund of their price;
          the details, including what cannot be returned and any collection fee, are on our <Link href="/returns">returns
          page</Link>. This is in addition to your rights below, not instead of them.
        </p>
        <h2>Your rights under the Consumer Guarantees Act</h2>
        <p>
          Our goods come with guarantees that cannot be excluded under the Consumer Guarantees Act 1993: they must be of
          acceptable quality, fit for their purpose, match their description, and last as long as a reasonable buyer would
          expect. If something is faulty, we will repair it, replace it or refund you; if the fault is serious you can choose
          between a replacement and a refund, and you may also claim reasonably foreseeable losses caused by the fault.
        </p>
        <p>
          If you buy for a business, you agree that the Consumer Guarantees Act does not apply, to the extent the Act allows
          (section 43), and that sections 9, 12A and 13 of the Fair Trading Act 1986 do not apply where it is fair and
          reasonable for them not to.
        </p>
        <h2>Reviews</h2>
        <p>
          Reviews are from customers who bought the product. We publish every genuine review, good or bad, and remove only those
          that are abusive, off-topic or reveal someone&apos;s personal information.
        </p>
        <h2>The law that applies</h2>
        <p>
          These terms are governed by New Zealand law, and nothing in them limits the rights you have under the Consumer
          Guarantees Act 1993, the Fair Trading Act 1986 or the Contract and Commercial Law Act 2017. We may update these terms;
          the version on this page when you place an order is the one that applies to it.
        </p>
      </Prose>
    </InfoPage>
  );
}
