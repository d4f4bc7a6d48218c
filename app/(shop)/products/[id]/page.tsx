/**
 * /products/{id} (spec §2, §3 Product, §5 Prices): pictures, name, colour and size choices (the other
 * variants of the same model, each on its own page), price and promotion, size, facts,
 * stock, add to cart, breadcrumbs (room → subcategory), related pieces, and structured data
 * (schema.org Product and BreadcrumbList). An unknown id is the not-found page.
 *
 * Served from the page cache (ISR): no product is rendered at build (the build never opens the
 * database); each page is rendered on its first request and kept, tagged with the product's, the
 * catalogue's, the settings' and the delivery zones' cache tags, until an admin write revalidates them. Everything that depends on who is
 * looking (add to cart, the sign-in hint) is filled in by the browser; related products stream in
 * their own Suspense boundary.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache, Suspense } from 'react';
import clsx from 'clsx';
import { AddToCart } from '@/components/cart/add-to-cart';
import { SaveButton } from '@/components/saved/save-button';
import { SignInHint } from '@/components/cart/sign-in-hint';
import { DeliveryForYou } from '@/components/products/delivery-for-you';
import { StockAlertForm } from '@/components/products/stock-alert-form';
import { displayName } from '@/components/products/facet-types';
import { UNNAMED_PRODUCT } from '@/components/products/no-image';
import { Price } from '@/components/products/price';
import { PayLaterLine } from '@/components/checkout/pay-later-line';
import { ProductGrid } from '@/components/products/product-grid';
import { ProductGallery } from '@/components/products/product-gallery';
import { VariantPicker } from '@/components/products/variant-picker';
import { Breadcrumbs, type Crumb } from '@/components/ui/breadcrumbs';
import { Container } from '@/components/ui/container';
import { TruckIcon, ReturnIcon } from '@/components/ui/icons';
import { getCategoryTree, getProduct, listProducts, type ProductJson } from '@/lib/catalog/read/queries';
import { getProductAvailability } from '@/lib/catalog/read/availability';
import { siteUrl } from '@/lib/server/env';
import { toCents } from '@/lib/money';
import { getShopSettingsCached } from '@/lib/settings/queries';
import { storeMoney } from '@/lib/settings/store-money';
import { breadcrumbJsonLd, productGroupJsonLd, productJsonLd, safeJsonLd, type ProductLdInput } from '@/lib/storefront/json-ld';
import { illustrationPngPath } from '@/lib/storefront/illustration-raster';
import { merchantPolicy, type MerchantPolicy } from '@/lib/storefront/merchant-policy';
import { getListingZones } from '@/lib/delivery/queries';
import { todayIn } from '@/lib/delivery/calendar';
import { productDeliveryLine, runningMoney } from '@/lib/delivery/shopper-copy';
import { dimensionsLabel, stockState } from '@/lib/storefront/product-facts';
import { orderedImages } from '@/lib/storefront/product-image';
import { variantName, variesBy } from '@/lib/storefront/variant-name';
import { metaDescription, pageMetadata, storeName } from '@/lib/storefront/page-metadata';
import { ProductReviews } from '@/components/reviews/product-reviews';
import { reviewCountLabel } from '@/components/reviews/rating-summary';
import { formatRating, Stars } from '@/components/reviews/stars';
import { reviewJsonLd } from '@/lib/reviews/json-ld';
import { getProductReviews } from '@/lib/reviews/queries';

type Props = { params: Promise<{ id: string }> };

/** A minute at most between background refreshes; admin writes revalidate the tags at once. */
export const revalidate = 60;

/** No product page at build time: each is rendered on its first request, then cached. */
export function generateStaticParams(): { id: string }[] {
  return [];
}

/** A positive whole id, or null for anything else ("abc", "1.5", "-3", "0"). */
const parseId = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null);

/** One catalogue read per request, shared by generateMetadata and the page. */
const loadProduct = cache(async (raw: string) => {
  const id = parseId(raw);
  return id === null ? null : getProduct(id);
});

const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${siteUrl()}${path}`);

/**
 * The product's title and name tell its variant apart ("KIVIK 3-seat sofa, dark grey"); the
 * description (at most 160 characters, ending on a word) leads with the price; the canonical is the
 * variant's own page; the share picture is this segment's opengraph-image.
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const product = await loadProduct(id);
  if (!product) return pageMetadata({ path: null, title: 'Product not found', noindex: true });
  const title = variantName(product, product.name?.trim() || UNNAMED_PRODUCT);
  const kind = product.description?.trim();
  const price = (await storeMoney()).format(product.price);
  const name = await storeName();
  const summary = [price !== 'N/A' ? `${price} at ${name}, delivered across New Zealand.` : `Delivered across New Zealand by ${name}.`, kind].filter(Boolean).join(' ');
  return pageMetadata({ path: `/products/${product.product_id}`, title, description: metaDescription(summary), image: 'segment' });
}

export default async function ProductPage({ params }: Props) {
  const { id } = await params;
  const product = await loadProduct(id);
  if (!product) notFound();

  const [tree, settings, reviews, zones, availability] = await Promise.all([getCategoryTree(), getShopSettingsCached(), getProductReviews(product.product_id, 1), getListingZones(), getProductAvailability(product.product_id)]);

  const name = product.name?.trim() || UNNAMED_PRODUCT;
  const images = orderedImages(product.images);
  const room = tree.find((r) => r.slug === product.room_slug || r.subcategories.some((s) => s.category_id === product.category_id));
  const sub = room?.subcategories.find((s) => s.category_id === product.category_id);

  const crumbs: Crumb[] = [
    { label: 'Home', href: '/' },
    { label: 'Products', href: '/products' },
  ];
  if (room) crumbs.push({ label: room.name, href: `/products?category=${room.category_id}` });
  if (sub) crumbs.push({ label: displayName(sub.name), href: `/products?category=${sub.category_id}` });
  crumbs.push({ label: name });

  // This product's own delivery: one unit quoted to every zone, by its shipping class.
  const deliveryLine = productDeliveryLine(
    { shippingClass: product.shipping_class, unitPrice: toCents(product.price ?? 0), assemblyFee: toCents(product.assembly_fee ?? 0) },
    zones,
    todayIn(settings.timeZone),
    runningMoney(settings.currency),
  );
  const stock = stockState(product.stock, settings.lowStockThreshold);
  const inStock = product.in_stock ?? stock.tone !== 'out';
  const dims = dimensionsLabel(product.width_cm, product.height_cm, product.depth_cm);
  // Only the facts the product has: an empty row ("Size —") tells a buyer nothing. Dimensions
  // always show, as "Not listed" when unknown, since a buyer looks for them.
  const facts: [string, string][] = (
    [
      ['Dimensions', dims ? `${dims} (W × H × D)` : 'Not listed'],
      ['Size', product.size],
      ['Material', product.material],
      ['Colour', product.color],
      ['Style', product.style],
      ['Function', product.function],
      ['Mobility', product.mobility],
      ['Brand', product.brand_name],
      ['SKU', product.sku],
    ] as [string, string | null | undefined][]
  )
    .map(([label, value]): [string, string] => [label, value?.toString().trim() ?? ''])
    .filter(([, value]) => value !== '');

  const ld = [
    productStructuredData(product, {
      name,
      images: images.length > 0 ? images.map((i) => absolute(i.image_url as string)) : [absolute(illustrationPngPath(product))],
      category: sub ? displayName(sub.name) : product.category_name,
      inStock,
      currency: settings.currency,
      // Each offer's shipping rates per delivery zone, cached under TAGS.delivery.
      policy: merchantPolicy(settings, siteUrl(), zones),
      // AggregateRating and Review where the product has approved reviews.
      reviews: reviewJsonLd(reviews),
    }),
    breadcrumbJsonLd(crumbs.map((c) => ({ name: c.label, url: absolute(c.href ?? `/products/${product.product_id}`) }))),
  ];

  return (
    <Container className="py-6 sm:py-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJsonLd(ld) }} />
      <Breadcrumbs items={crumbs} />

      <article className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-14" data-testid="product-detail">
        <div className="lg:sticky lg:top-32 lg:self-start">
          <ProductGallery
            images={images}
            name={name}
            product={{ name: product.name, description: product.description, category_name: product.category_name, room_name: product.room_name, function: product.function, color: product.color }}
          />
        </div>

        <div className="flex flex-col gap-5">
          <div>
            {product.category_name && <p className="text-sm font-medium uppercase tracking-wider text-muted">{displayName(product.category_name)}</p>}
            <h1 className="mt-1 font-display text-3xl leading-tight text-ink sm:text-4xl" data-testid="product-name">
              {name}
            </h1>
            {product.description && <p className="mt-2 text-base text-ink/80 sm:text-lg">{product.description}</p>}
            {reviews && reviews.summary.average !== null && (
              <a href="#reviews" className="mt-3 inline-flex items-center gap-2 text-sm text-ink/80 hover:text-brand-dark" data-testid="product-rating">
                <Stars rating={reviews.summary.average} className="text-base" />
                <span>
                  {formatRating(reviews.summary.average)} · <span className="underline underline-offset-4">{reviewCountLabel(reviews.summary.count)}</span>
                </span>
              </a>
            )}
          </div>

          {product.variants && product.variants.length > 1 && <VariantPicker current={product} variants={product.variants} currency={settings.currency} />}

          <Price price={product.price} original={product.original_price} currency={settings.currency} size="lg" />
          {product.price !== null && <PayLaterLine amountCents={toCents(product.price)} currency={settings.currency} switches={settings.payLater} className="-mt-3" />}

          <p
            className={clsx(
              'inline-flex items-center gap-2 self-start text-sm font-medium',
              // Out of stock is a badge, in place of the add-to-cart control.
              !inStock ? 'rounded-full bg-danger/10 px-3 py-1.5 text-danger' : stock.tone === 'low' ? 'text-warning' : 'text-success',
            )}
            data-testid="stock-state"
          >
            <span aria-hidden="true" className={clsx('size-2.5 rounded-full', !inStock ? 'bg-danger' : stock.tone === 'low' ? 'bg-warning' : 'bg-success')} />
            {stock.label}
          </p>
          {inStock && availability.length > 0 && (
            // Where it comes from, in words (docs/stock.md "On the product page").
            <ul className="-mt-2 space-y-1 text-sm text-ink" data-testid="stock-availability" aria-label="Availability">
              {availability.map((line) => (
                <li key={line.text} className="flex items-center gap-2">
                  <span aria-hidden="true" className={clsx('size-1.5 rounded-full', line.kind === 'order' ? 'bg-muted' : 'bg-success')} />
                  {line.text}
                </li>
              ))}
            </ul>
          )}

          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            {inStock ? (
              <div className="min-w-0 flex-1">
                <AddToCart productId={product.product_id} stock={product.stock ?? 0} />
                <SignInHint productId={product.product_id} />
              </div>
            ) : (
              // Sold out (not merely unavailable online): the one thing to offer is an alert.
              (product.stock ?? 0) <= 0 && (
                <div className="min-w-0 flex-1">
                  <StockAlertForm productId={product.product_id} />
                </div>
              )
            )}
            <div>
              <SaveButton productId={product.product_id} name={name} variant="page" />
            </div>
          </div>

          <ul className="space-y-2 rounded-[var(--radius-card)] bg-surface p-4 text-sm ring-1 ring-line">
            <li className="flex gap-3">
              <TruckIcon className="size-5 shrink-0 text-brand-dark" />
              <span>
                <span data-testid="product-delivery">{deliveryLine.join(' · ')}.</span>{' '}
                <Link href="/shipping" className="text-brand-dark underline underline-offset-4">
                  Shipping
                </Link>
                {product.shipping_class !== 'collect_only' && <DeliveryForYou productId={product.product_id} currency={settings.currency} />}
              </span>
            </li>
            <li className="flex gap-3">
              <ReturnIcon className="size-5 shrink-0 text-brand-dark" />
              <span>
                30-day change-of-mind returns.{' '}
                <Link href="/returns" className="text-brand-dark underline underline-offset-4">
                  Returns
                </Link>
              </span>
            </li>
          </ul>

          <section aria-labelledby="details-title">
            <h2 id="details-title" className="font-display text-xl text-ink">
              Details
            </h2>
            <dl className="mt-3 divide-y divide-line border-y border-line text-sm" data-testid="product-facts">
              {facts.map(([label, value]) => (
                <div key={label} className="grid grid-cols-[7.5rem_1fr] gap-3 py-2.5 sm:grid-cols-[10rem_1fr]">
                  <dt className="text-muted">{label}</dt>
                  <dd className="text-ink">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </article>

      {reviews && <ProductReviews productId={product.product_id} data={reviews} timeZone={settings.timeZone} storeName={settings.storeName} />}

      <Suspense fallback={null}>
        <RelatedProducts productId={product.product_id} categoryId={product.category_id} subName={sub ? displayName(sub.name) : null} subId={sub?.category_id ?? null} />
      </Suspense>
    </Container>
  );
}

/** Up to four other pieces from the same subcategory, in their own Suspense boundary. */
async function RelatedProducts({ productId, categoryId, subName, subId }: { productId: number; categoryId: number | null | undefined; subName: string | null; subId: number | null }) {
  const related = await listProducts({ categoryIds: categoryId ? [categoryId] : undefined, limit: 5, page: 1 });
  const products = related.products.filter((p) => p.product_id !== productId).slice(0, 4);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mt-16">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h2 id="related-title" className="font-display text-2xl text-ink sm:text-3xl">
          More {subName ? subName.toLowerCase() : 'like this'}
        </h2>
        {subId && (
          <Link href={`/products?category=${subId}`} className="text-sm font-medium text-brand-dark underline-offset-4 hover:underline">
            See all <span aria-hidden="true">→</span>
          </Link>
        )}
      </div>
      <ProductGrid products={products} />
    </section>
  );
}

/**
 * The page's Product, or for one of several variants the ProductGroup of its model with every
 * variant: each variant named apart ("KIVIK 3-seat sofa, dark grey") with its own page,
 * SKU, colour, size, offer and picture (a sibling's picture is the drawing in its colour).
 */
function productStructuredData(
  product: ProductJson,
  page: { name: string; images: string[]; category: string | null | undefined; inStock: boolean; currency: string; policy: MerchantPolicy; reviews: Record<string, unknown> },
) {
  const own: ProductLdInput = {
    url: absolute(`/products/${product.product_id}`),
    name: variantName(product, page.name),
    sku: product.sku,
    description: product.description,
    images: page.images,
    brand: product.brand_name,
    category: page.category,
    color: product.color,
    size: product.size,
    material: product.material,
    price: product.price,
    shippingClass: product.shipping_class,
    assemblyFee: product.assembly_fee,
    currency: page.currency,
    inStock: page.inStock,
    reviews: page.reviews,
  };
  const variants = product.variants ?? [];
  if (!product.variant_group || variants.length < 2) return productJsonLd(own, page.policy);
  return productGroupJsonLd(
    {
      groupId: product.variant_group,
      name: page.name,
      currentUrl: own.url,
      siteUrl: siteUrl(),
      brand: product.brand_name,
      category: page.category,
      variesBy: variesBy(variants),
      variants: variants.map((v) =>
        v.product_id === product.product_id
          ? own
          : {
              ...own,
              url: absolute(`/products/${v.product_id}`),
              name: variantName({ ...v, variants }, page.name),
              sku: v.sku,
              description: undefined,
              material: undefined,
              images: [absolute(illustrationPngPath({ ...product, color: v.color }))],
              color: v.color,
              size: v.size,
              price: v.price,
              shippingClass: v.shipping_class,
              assemblyFee: v.assembly_fee,
              inStock: v.in_stock,
              reviews: undefined,
            },
      ),
    },
    page.policy,
  );
}
