/**
 * Structured data (schema.org JSON-LD) of the storefront (issue 25): a product page's Product — or,
 * for one of several variants, the ProductGroup of its model with every variant a Product of its
 * own — with merchant-listing offers (shipping from the delivery rules, the return policy), its
 * BreadcrumbList, and the home page's Organization and WebSite (with a SearchAction).
 *
 * Reviews: a product's aggregateRating and review properties (lib/reviews/json-ld.ts reviewJsonLd)
 * come in as `ProductLdInput.reviews` and are spread into its Product node.
 *
 * Everything is serialised with safeJsonLd, so it is safe inside <script type="application/ld+json">:
 * a product name such as `</script><script>` cannot end the script element.
 */
import { computeTotals } from '@/lib/orders/totals';
import type { MerchantPolicy } from '@/lib/storefront/merchant-policy';

/** JSON for an inline script: <, >, & and the JS line separators are escaped as \u sequences. */
export function safeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const SCHEMA = 'https://schema.org';

export type ProductLdInput = {
  /** Absolute address of the product's own page. */
  url: string;
  /** The name that sets this variant apart ("KIVIK 3-seat sofa, dark grey"). */
  name: string;
  sku?: string | null;
  description?: string | null;
  /** Absolute addresses of PNG, JPEG or WebP pictures (never SVG). */
  images: string[];
  brand?: string | null;
  category?: string | null;
  color?: string | null;
  size?: string | null;
  material?: string | null;
  /** Decimal amount; offers are left out when it is not a number. */
  price: number | string | null;
  currency: string;
  inStock: boolean;
  /** aggregateRating and review of its approved reviews (lib/reviews/json-ld.ts), spread into the Product node. */
  reviews?: Record<string, unknown>;
};

/**
 * Offer.shippingDetails: what delivering this one item alone costs by the order rule
 * (lib/orders/totals.ts: the flat fee, nothing from the free-delivery threshold), where and how long.
 */
export function shippingDetailsLd(priceCents: number, policy: MerchantPolicy) {
  const { shipping } = policy;
  const { shippingFee } = computeTotals([{ unitPrice: priceCents, quantity: 1 }], {
    shippingFeeCents: shipping.feeCents,
    freeShippingThresholdCents: shipping.freeFromCents,
    // The GST rule does not change the delivery fee; only shippingFee is read here.
    gstRatePercent: 15,
    pricesIncludeGst: true,
  });
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: shippingFee / 100, currency: shipping.currency },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: shipping.country },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: { '@type': 'QuantitativeValue', minValue: shipping.handlingDays[0], maxValue: shipping.handlingDays[1], unitCode: 'DAY' },
      transitTime: { '@type': 'QuantitativeValue', minValue: shipping.transitDays[0], maxValue: shipping.transitDays[1], unitCode: 'DAY' },
    },
  };
}

/** hasMerchantReturnPolicy: the change-of-mind return window. */
export function returnPolicyLd(policy: MerchantPolicy) {
  const { returns } = policy;
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: returns.country,
    returnPolicyCountry: returns.country,
    returnPolicyCategory: `${SCHEMA}/MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: returns.days,
    returnMethod: [`${SCHEMA}/ReturnByMail`, `${SCHEMA}/ReturnInStore`],
    returnFees: `${SCHEMA}/ReturnFeesCustomerResponsibility`,
    merchantReturnLink: returns.url,
  };
}

/** The Offer of one product, or null when it has no usable price. */
export function offerLd(p: ProductLdInput, policy: MerchantPolicy) {
  const price = Number(p.price);
  if (p.price === null || p.price === '' || !Number.isFinite(price)) return null;
  return {
    '@type': 'Offer',
    price: price.toFixed(2),
    priceCurrency: p.currency,
    availability: p.inStock ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`,
    itemCondition: `${SCHEMA}/NewCondition`,
    url: p.url,
    shippingDetails: shippingDetailsLd(Math.round(price * 100), policy),
    hasMerchantReturnPolicy: returnPolicyLd(policy),
  };
}

/** The Product node (no @context) of one product; `extra` adds isVariantOf and the like. */
function productNode(p: ProductLdInput, policy: MerchantPolicy, extra: Record<string, unknown> = {}) {
  const offer = offerLd(p, policy);
  return {
    '@type': 'Product',
    '@id': `${p.url}#product`,
    name: p.name,
    url: p.url,
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.description ? { description: p.description } : {}),
    image: p.images,
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    ...(p.category ? { category: p.category } : {}),
    ...(p.color ? { color: p.color } : {}),
    ...(p.size ? { size: p.size } : {}),
    ...(p.material ? { material: p.material } : {}),
    ...extra,
    ...(offer ? { offers: offer } : {}),
    ...p.reviews,
  };
}

/** schema.org Product of a product that is not one of several variants. */
export function productJsonLd(p: ProductLdInput, policy: MerchantPolicy) {
  return { '@context': SCHEMA, ...productNode(p, policy) };
}

export type ProductGroupLdInput = {
  /** The model's key (products.variant_group), the same on every variant's page. */
  groupId: string;
  /** The model's name, without colour or size ("KIVIK 3-seat sofa"). */
  name: string;
  /** Absolute address the group's @id is built from (the shop's address). */
  siteUrl: string;
  description?: string | null;
  brand?: string | null;
  category?: string | null;
  /** The schema.org properties the variants differ in. */
  variesBy: ('color' | 'size')[];
  /** Every live variant, this page's included, each with its own page, SKU, colour, size and price. */
  variants: ProductLdInput[];
};

/**
 * schema.org ProductGroup of a model with several variants (Google's multi-page variant markup): the
 * same group (productGroupID, variesBy) on each variant's page, hasVariant listing every variant as
 * a Product with its own url, sku, color/size and offers, each pointing back with isVariantOf.
 */
export function productGroupJsonLd(g: ProductGroupLdInput, policy: MerchantPolicy) {
  const groupRef = `${g.siteUrl}/products#group-${encodeURIComponent(g.groupId)}`;
  return {
    '@context': SCHEMA,
    '@type': 'ProductGroup',
    '@id': groupRef,
    name: g.name,
    productGroupID: g.groupId,
    ...(g.description ? { description: g.description } : {}),
    ...(g.brand ? { brand: { '@type': 'Brand', name: g.brand } } : {}),
    ...(g.category ? { category: g.category } : {}),
    variesBy: g.variesBy.map((v) => `${SCHEMA}/${v}`),
    hasVariant: g.variants.map((v) => productNode(v, policy, { inProductGroupWithID: g.groupId, isVariantOf: { '@id': groupRef } })),
  };
}

/** schema.org BreadcrumbList from [name, absolute url] pairs, in order. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: it.url })),
  };
}

/** The home page's Organization: name, address, logo, and the customer-service contact. */
export function organizationJsonLd(o: { name: string; url: string; logo: string; email: string; telephone?: string | null }, policy: MerchantPolicy) {
  return {
    '@context': SCHEMA,
    '@type': 'OnlineStore',
    '@id': `${o.url}/#organization`,
    name: o.name,
    url: o.url,
    logo: o.logo,
    email: o.email,
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email: o.email, ...(o.telephone ? { telephone: o.telephone } : {}), areaServed: policy.shipping.country, availableLanguage: 'en' },
    hasMerchantReturnPolicy: returnPolicyLd(policy),
  };
}

/** The home page's WebSite with a SearchAction on the products search (sitelinks search box). */
export function websiteJsonLd(w: { name: string; url: string }) {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    '@id': `${w.url}/#website`,
    name: w.name,
    url: `${w.url}/`,
    publisher: { '@id': `${w.url}/#organization` },
    inLanguage: 'en-NZ',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${w.url}/products?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
