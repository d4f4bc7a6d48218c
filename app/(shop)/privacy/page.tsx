/**
 * Privacy policy: what the shop collects, why, who else sees it, how long it is kept, and the
 * shopper's rights under the Privacy Act 2020 (its information privacy principles). The shop's name
 * and the privacy officer's address are the store_name and support_email settings.
 */
import Link from 'next/link';
import { InfoPage } from '@/components/ui/page-heading';
import { Prose } from '@/components/ui/prose';
import { SHOP_CONTACT } from '@/lib/storefront/site-nav';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { getStoreIdentity } from '@/lib/settings/queries';

/** Prerendered at build; refreshed every five minutes so a renamed store or new address reaches it. */
export const revalidate = 300;

export const generateMetadata = async () =>
  pageMetadata({
    path: '/privacy',
    title: 'Privacy policy',
    description: `How ${(await getStoreIdentity()).storeName} collects, uses, stores and protects your personal information under the New Zealand Privacy Act 2020, and how to see or correct it.`,
  });

export default async function PrivacyPage() {
  const { storeName, supportEmail } = await getStoreIdentity();
  const email = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return (
    <InfoPage title="Privacy policy" lead={`How ${storeName} looks after your personal information, under the Privacy Act 2020.`}>
      <Prose>
        <p>
          {storeName} ({SHOP_CONTACT.street}, {SHOP_CONTACT.suburb}, {SHOP_CONTACT.city}) sells furniture online to customers in New
          Zealand. This policy explains what personal information we collect, why we collect it, who we share it with and what
          you can do about it. We follow the information privacy principles of the Privacy Act 2020.
        </p>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Your account:</strong> your user name, email address and a one-way hash of your password (we never see or store the
            password itself).
          </li>
          <li>
            <strong>Your orders:</strong> delivery addresses and contacts you save (name, phone number, email), what you buy, your
            messages to us, the delivery day you book, and your returns and refunds.
          </li>
          <li>
            <strong>Payments:</strong> card payments are taken by Stripe and PayPal payments by PayPal. Your full card number never reaches
            our systems; we keep only what they give back to us, such as the card brand, last four digits and expiry, so you can
            pay with a saved card.
          </li>
          <li>
            <strong>Reviews:</strong> the rating, text and photos you choose to publish, shown with your first name and the initial of
            your last name.
          </li>
          <li>
            <strong>Technical information:</strong> a sign-in cookie that keeps you logged in, and server logs (such as your IP address
            and the pages requested) that we use to keep the shop secure. We do not use advertising or tracking cookies.
          </li>
        </ul>
        <h2>Why we use it</h2>
        <p>
          We use your information to take and deliver your orders, to arrange collections and returns, to send the emails that go
          with an order (confirmation, tax invoice, delivery updates, a request to review what you bought), to answer your
          questions, to prevent fraud, and to keep the records the law requires. We do not sell your information, and we do not
          send you marketing email unless you ask us to.
        </p>
        <h2>Who we share it with</h2>
        <p>
          Only with those who help us fulfil your order: our delivery and courier partners (your name, address, phone number and
          what they are carrying), Stripe and PayPal (to take payment), and the providers that host the shop and send our email.
          Some of them store information outside New Zealand, for example in Australia or the United States; we use providers
          that are subject to privacy laws with comparable safeguards to ours, as principle 12 of the Act requires. We also
          disclose information when the law requires it.
        </p>
        <h2>How long we keep it</h2>
        <p>
          We keep your account while it is open. Order, invoice and payment records are kept for seven years, as the Tax
          Administration Act 1994 requires of business records. Other information is deleted or anonymised when we no longer
          need it.
        </p>
        <h2>Keeping it safe</h2>
        <p>
          Your information is sent over encrypted connections, and access to it is limited to the staff who need it to serve
          you. If a privacy breach happens that is likely to cause you serious harm, we will tell you and the Privacy
          Commissioner as soon as we practicably can.
        </p>
        <h2>Seeing and correcting your information</h2>
        <p>
          You can see and change your account details, saved addresses and contacts under{' '}
          <Link href="/profile">My Profile</Link>, and your orders under <Link href="/order">My Orders</Link>. Under{' '}
          <Link href="/profile#privacy">My Profile → Privacy</Link> you can download a copy of your information or close your
          account yourself. You may also ask us for a copy of any personal information we hold about you, ask us to correct it,
          or ask us to close your account, by writing to our privacy officer at {email}. We answer within 20 working days.
        </p>
        <h2>Questions and complaints</h2>
        <p>
          Write to our privacy officer at {email} or call {SHOP_CONTACT.phone}. If you are not satisfied with our answer, you can
          complain to the Office of the Privacy Commissioner at <a href="https://www.privacy.org.nz">privacy.org.nz</a>.
        </p>
        <p>
          We may update this policy; the version on this page is the one that applies. See also our{' '}
          <Link href="/terms">terms of sale</Link>.
        </p>
      </Prose>
    </InfoPage>
  );
}
