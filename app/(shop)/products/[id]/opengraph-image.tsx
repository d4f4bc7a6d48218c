/**
 * The share picture of a product page, added by Next.js to the page's og:image and
 * twitter:image: a 1200 × 630 PNG with the product's picture (photo, else its tinted drawing),
 * name, colour and size, and price; its alt text names the product and price.
 *
 * Cached like its page: none at build, each on its first request, tagged with the product's cache
 * tags (an admin's edit redraws it) and refreshed at most every minute. An unknown id answers 404.
 */
import { ImageResponse } from 'next/og';
import { notFound } from 'next/navigation';
import { ProductShareCard } from '@/components/site/share-card';
import { UNNAMED_PRODUCT } from '@/components/products/no-image';
import { getProduct } from '@/lib/catalog/read/queries';
import { formatMoney } from '@/lib/money';
import { getShopSettingsCached } from '@/lib/settings/queries';
import { SHARE_IMAGE_SIZE, storeName } from '@/lib/storefront/page-metadata';
import { productSharePicture } from '@/lib/storefront/share-picture';
import { variantDetail } from '@/lib/storefront/variant-name';

export const revalidate = 60;
export const dynamicParams = true;
export const contentType = 'image/png';

type Params = { params: Promise<{ id: string }> };

const productOf = async (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) ? getProduct(Number(raw)) : null);

/**
 * One picture per product, its alt text naming it and its price (Next.js reads size and type from
 * here). `next build` asks with no product id to list the route's paths: it gets the one id without
 * a database read.
 */
export async function generateImageMetadata({ params }: { params: Promise<{ id?: string }> | { id?: string } }) {
  const { id } = (await params) ?? {};
  const product = id ? await productOf(id) : null;
  if (!product) return [{ id: 'card', size: SHARE_IMAGE_SIZE, contentType, alt: 'Product picture' }];
  const { currency } = await getShopSettingsCached();
  const detail = variantDetail(product);
  const name = product.name?.trim() || UNNAMED_PRODUCT;
  const price = formatMoney(product.price, currency);
  return [{ id: 'card', size: SHARE_IMAGE_SIZE, contentType, alt: [detail ? `${name}, ${detail}` : name, price !== 'N/A' ? price : null].filter(Boolean).join(' — ') }];
}

export default async function ProductImage({ params }: Params) {
  const product = await productOf((await params).id);
  if (!product) notFound();
  const [{ currency }, name] = await Promise.all([getShopSettingsCached(), storeName()]);
  const price = formatMoney(product.price, currency);
  return new ImageResponse(
    <ProductShareCard
      storeName={name}
      name={product.name?.trim() || UNNAMED_PRODUCT}
      detail={variantDetail(product)}
      price={price === 'N/A' ? null : price}
      wasPrice={product.original_price !== undefined ? formatMoney(product.original_price, currency) : null}
      picture={await productSharePicture(product)}
    />,
    SHARE_IMAGE_SIZE,
  );
}
