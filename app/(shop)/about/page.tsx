/** About Us (spec §2): who Totara Home is. */
import Link from 'next/link';
import { InfoPage } from '@/components/ui/page-heading';
import { Prose } from '@/components/ui/prose';
import { pageMetadata } from '@/lib/storefront/page-metadata';

/** Prerendered at build; refreshed every five minutes so a renamed store reaches its metadata. */
export const revalidate = 300;

export const generateMetadata = () => pageMetadata({ path: '/about', title: 'About Us', description: 'Totara Home is an Auckland furniture shop delivering well-made, good-value furniture to homes across New Zealand.' });

export default function AboutPage() {
  return (
    <InfoPage title="About Us" lead="Well-made furniture for the way New Zealanders actually live — delivered from Auckland to your door.">
      <Prose>
        <h2>Named after a tree that lasts</h2>
        <p>
          Tōtara is one of Aotearoa&apos;s great native timbers: slow-growing, straight-grained and famously hard-wearing. We
          started Totara Home in 2016 with the same idea for furniture — pieces that are honest about what they are made of,
          easy to live with and built to be used every day for years.
        </p>
        <h2>What we sell</h2>
        <p>
          More than three thousand pieces across the living room, bedroom, dining room, kitchen, kids&apos; rooms, storage and
          the outdoors. Every product lists its real width, height and depth, so you can check it fits before it arrives.
        </p>
        <h2>How we work</h2>
        <ul>
          <li>
            <strong>Plain pricing.</strong> Prices are in New Zealand dollars and include GST. Delivery is priced by where you
            live and the size of the piece, and shown before you pay — see <Link href="/shipping">Shipping</Link>.
          </li>
          <li>
            <strong>Real people.</strong> Our Auckland team answers every call and email. Ask us about sizes, materials or
            assembly before you buy.
          </li>
          <li>
            <strong>Easy returns.</strong> If it isn&apos;t right, send it back unused within 30 days — see{' '}
            <Link href="/returns">Returns</Link>.
          </li>
          <li>
            <strong>Less waste.</strong> We reuse packaging where we can and take back cardboard on delivery in Auckland,
            Wellington and Christchurch.
          </li>
        </ul>
        <h2>Visit or get in touch</h2>
        <p>
          Our showroom and warehouse are in Epsom, Auckland. Opening hours, phone and email are on the{' '}
          <Link href="/contact">Contact Us</Link> page.
        </p>
      </Prose>
    </InfoPage>
  );
}
