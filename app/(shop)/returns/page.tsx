/** Returns: the change-of-mind policy (settings return_window_days, default 30 days), how to ask from My Orders, and faulty goods under the Consumer Guarantees Act. */
import Link from 'next/link';
import { InfoPage } from '@/components/ui/page-heading';
import { Prose } from '@/components/ui/prose';
import { SHOP_CONTACT } from '@/lib/storefront/site-nav';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { getReturnCollectionFee, getReturnWindowDays, getStoreIdentity } from '@/lib/settings/queries';
import { formatMoney } from '@/lib/money';

/** Prerendered at build; refreshed every five minutes so a renamed store reaches its metadata. */
export const revalidate = 300;

export const generateMetadata = async () =>
  pageMetadata({ path: '/returns', title: 'Returns', description: `Return unused furniture within ${await getReturnWindowDays()} days. Faulty items are repaired, replaced or refunded under the Consumer Guarantees Act.` });

export default async function ReturnsPage() {
  const [{ supportEmail }, days, fee] = await Promise.all([getStoreIdentity(), getReturnWindowDays(), getReturnCollectionFee()]);
  return (
    <InfoPage title="Returns" lead={`If it isn't right for your home, you have ${days} days to send it back.`}>
      <Prose>
        <h2>Change of mind</h2>
        <ul>
          <li>Return any piece within {days} days of delivery, unused and in its original packaging.</li>
          <li>We refund the price of the item to your original payment method within 5 working days of receiving it.</li>
          <li>
            The original delivery fee is not refunded.{' '}
            {fee.cents > 0
              ? `If we collect the item, ${formatMoney(fee.cents / 100, fee.currency)} is taken off your refund for the collection; dropping it at our Epsom warehouse costs nothing.`
              : 'We collect it for free, or you can drop it at our Epsom warehouse.'}
          </li>
          <li>Mattresses and bedding, and pieces cut or made to order, can only be returned if they are faulty.</li>
        </ul>
        <h2>Faulty or damaged items</h2>
        <p>
          Your rights under the Consumer Guarantees Act 1993 always apply. If something arrives damaged or develops a fault,
          tell us as soon as you can — with a photo if possible — and we will repair it, replace it or refund you, including
          delivery costs. Please don&apos;t try to repair it yourself first.
        </p>
        <h2>How to return something</h2>
        <ol>
          <li>
            Open the delivered order in <Link href="/order">My Orders</Link>, choose <strong>Return items</strong>, pick the items
            and quantities and tell us why. You can also email <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or call{' '}
            {SHOP_CONTACT.phone} with your order number. We email you that we have your request.
          </li>
          <li>We approve the return (or explain why not) and arrange a collection time, or a drop-off at our Epsom warehouse.</li>
          <li>Pack the item in its original packaging if you still have it.</li>
          <li>Once it reaches us and is checked, we send your refund and email you to confirm.</li>
        </ol>
        <p>
          Cancelling an order that hasn&apos;t been paid or dispatched yet is simpler: you can do it yourself from{' '}
          <Link href="/order">My Orders</Link>.
        </p>
      </Prose>
    </InfoPage>
  );
}
