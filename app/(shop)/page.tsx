/**
 * Home (spec §2 Home): the three-slide banner, category navigation (rooms, and links that scroll to
 * the sections), Featured / Latest / Promotional Products, and the account buttons; the shop's
 * Organization and WebSite (with its search) as structured data.
 */
import type { Metadata } from 'next';
import { AccountBand } from '@/components/home/account-band';
import { HeroBanner, type HeroSlide } from '@/components/home/hero-banner';
import { FeaturedSection, LatestSection, PromotionsSection } from '@/components/home/home-sections';
import { RoomNav, SectionNav } from '@/components/home/room-nav';
import { ValueStrip } from '@/components/home/value-strip';
import { Container } from '@/components/ui/container';
import { getCategoryTree } from '@/lib/catalog/read/queries';
import { getDeliveryGuide } from '@/lib/delivery/queries';
import { deliveryPromise, runningMoney } from '@/lib/delivery/shopper-copy';
import { getShopSettingsCached, getStoreIdentity } from '@/lib/settings/queries';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { organizationJsonLd, safeJsonLd, websiteJsonLd } from '@/lib/storefront/json-ld';
import { siteUrl } from '@/lib/server/env';
import { merchantPolicy } from '@/lib/storefront/merchant-policy';
import { SHOP_CONTACT } from '@/lib/storefront/site-nav';

/** Rendered per request at this address; shoppers get it from the page cache via /cached/… (lib/storefront/page-cache.ts). */
export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    path: '/',
    title: `${(await getStoreIdentity()).storeName} — furniture for New Zealand homes`,
    absoluteTitle: true,
    description: 'Sofas, beds, dining tables, storage and outdoor furniture, delivered across New Zealand by courier or a two-person team.',
  });
}

const SLIDES: (Omit<HeroSlide, 'href'> & { room: string })[] = [
  {
    room: 'living-room',
    eyebrow: 'Living room',
    title: 'Room to unwind',
    text: 'Deep-seated sofas and armchairs made for long weekends in — with covers you can take off and wash.',
    image: '/illustrations/sofa.svg',
    tone: 'sage',
  },
  {
    room: 'bedroom',
    eyebrow: 'Bedroom',
    title: 'Sleep well, wake calm',
    text: 'Bed frames, wardrobes and drawers in light timbers that keep the bedroom quiet and uncluttered.',
    image: '/illustrations/bed.svg',
    tone: 'sand',
  },
  {
    room: 'outdoor',
    eyebrow: 'Outdoor',
    title: 'Long summer lunches',
    text: 'Tables, chairs and loungers for the deck and the balcony, built to take a southerly.',
    image: '/illustrations/outdoor.svg',
    tone: 'mist',
  },
];

export default async function HomePage() {
  const [rooms, settings, zones] = await Promise.all([getCategoryTree(), getShopSettingsCached(), getDeliveryGuide()]);
  const roomId = (slug: string) => rooms.find((r) => r.slug === slug)?.category_id;
  const slides: HeroSlide[] = SLIDES.map(({ room, ...s }) => {
    const id = roomId(room);
    return { ...s, href: id ? `/products?category=${id}` : '/products' };
  });

  const site = siteUrl();
  const policy = merchantPolicy(settings, site);
  const ld = [
    organizationJsonLd({ name: settings.storeName, url: site, logo: `${site}/logo.png`, email: settings.supportEmail, telephone: SHOP_CONTACT.phoneHref.replace(/^tel:/, '') }, policy),
    websiteJsonLd({ name: settings.storeName, url: site }),
  ];

  return (
    <Container>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJsonLd(ld) }} />
      <h1 className="sr-only">{settings.storeName} — furniture for New Zealand homes</h1>
      <div className="pt-4 sm:pt-8">
        <HeroBanner slides={slides} />
      </div>
      <ValueStrip delivery={deliveryPromise(zones.filter((z) => z.served), runningMoney(settings.currency))} />
      <RoomNav rooms={rooms} />
      <SectionNav />
      <FeaturedSection />
      <LatestSection />
      <PromotionsSection />
      <AccountBand />
    </Container>
  );
}
