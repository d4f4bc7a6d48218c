/**
 * Structured data for product pages (schema.org Product and BreadcrumbList), serialised so it is
 * safe inside <script type="application/ld+json">: a product name such as `</script><script>`
 * cannot end the script element.
 */

/** JSON for an inline script: <, >, & and the JS line separators are escaped as \u sequences. */
export function safeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export type ProductLdInput = {
  url: string;
  name: string;
  sku?: string | null;
  description?: string | null;
  images: string[];
  brand?: string | null;
  category?: string | null;
  /** Decimal amount; offers are left out when it is not a number. */
  price: number | string | null;
  currency: string;
  inStock: boolean;
};

/** schema.org Product with one Offer (price, currency, availability, url). */
export function productJsonLd(p: ProductLdInput) {
  const price = Number(p.price);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.description ? { description: p.description } : {}),
    image: p.images,
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    ...(p.category ? { category: p.category } : {}),
    url: p.url,
    ...(p.price !== null && p.price !== '' && Number.isFinite(price)
      ? {
          offers: {
            '@type': 'Offer',
            price: price.toFixed(2),
            priceCurrency: p.currency,
            availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
            url: p.url,
          },
        }
      : {}),
  };
}

/** schema.org BreadcrumbList from [name, absolute url] pairs, in order. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: it.url })),
  };
}
