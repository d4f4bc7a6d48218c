/**
 * Structured data (schema.org JSON-LD) of the storefront: a product page's Product — or,
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
import type { ShippingClass } from '@/db/statuses';
import type { PostcodeRun } from '@/lib/delivery/coverage';
import { oneUnitRates } from '@/lib/delivery/listing-rates';
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
  /** How it travels: what its shippingDetails are quoted for. */
  shippingClass: ShippingClass;
  /** Decimal amount per unit the assembly service adds (0 or absent: none). */
  assemblyFee?: number | string | null;
  currency: string;
  inStock: boolean;
  /** aggregateRating and review of its approved reviews (lib/reviews/json-ld.ts), spread into the Product node. */
  reviews?: Record<string, unknown>;
};

const pc = (n: number) => String(n).padStart(4, '0');

/**
 * The @ids of the nodes already written in full in one JSON-LD document. A product group lists every
 * variant with its offer, and a zone's postcodes run to dozens of ranges: each shipping entry and
 * each zone's region is written once with an @id, and every later use is a reference to it
 * ({"@id": …}, the JSON-LD way to say "the same node"), or a model in 95 sizes would carry the
 * postcodes 95 times.
 */
export type WrittenNodes = Set<string>;

/** The node in full the first time its @id is written, a reference to it after that. */
function once<T extends Record<string, unknown>>(id: string, written: WrittenNodes, build: () => T): T | { '@id': string } {
  if (written.has(id)) return { '@id': id };
  written.add(id);
  return { '@id': id, ...build() };
}

/** schema.org DefinedRegion(s) of a zone's postcode runs: one region of the ranges, one of the single postcodes. */
function destinationLd(zoneRef: string, country: string, runs: PostcodeRun[], written: WrittenNodes) {
  const singles = runs.filter((r) => r.from === r.to).map((r) => pc(r.from));
  const ranges = runs.filter((r) => r.from !== r.to).map((r) => ({ '@type': 'PostalCodeRangeSpecification', postalCodeBegin: pc(r.from), postalCodeEnd: pc(r.to) }));
  return [
    ...(ranges.length > 0 ? [once(`${zoneRef}-ranges`, written, () => ({ '@type': 'DefinedRegion', addressCountry: country, postalCodeRange: ranges }))] : []),
    ...(singles.length > 0 ? [once(`${zoneRef}-postcodes`, written, () => ({ '@type': 'DefinedRegion', addressCountry: country, postalCode: singles }))] : []),
  ];
}

/**
 * Offer.shippingDetails: one OfferShippingDetails per served delivery zone, with the cheapest service
 * that delivers one unit of this product there, quoted by the order's own rule
 * (lib/delivery/listing-rates.ts): its price in the store currency — 0 when the unit alone
 * reaches the service's free-over amount (schema.org's freeShippingThreshold belongs to
 * ShippingRateSettings, not to OfferShippingDetails, and Google documents neither for products) —
 * the postcodes the zone wins, and the time: handling 0 to the service's lead days (working days
 * to the earliest delivery day, which is the delivery itself: no transit days on top).
 *
 * Click & collect is not in it: schema.org has no standard way to express a pickup in shippingDetails.
 * So a collect_only product gets no shippingDetails at all (the property is optional; an entry with
 * doesNotShip would still need the rate and time Google requires of every entry). Zones not served
 * (Chatham Islands) are left out the same way. Undefined when no zone has a rate.
 *
 * Entries and regions already in `written` (the same document) are references (see WrittenNodes).
 */
export function shippingDetailsLd(item: { shippingClass: ShippingClass; priceCents: number; assemblyFeeCents: number }, policy: MerchantPolicy, written: WrittenNodes = new Set()) {
  const { shipping } = policy;
  const rates = oneUnitRates({ shippingClass: item.shippingClass, unitPrice: item.priceCents, assemblyFee: item.assemblyFeeCents }, shipping.zones, shipping.today);
  if (rates.length === 0) return undefined;
  return rates.map((rate) => {
    const zoneRef = `${shipping.siteUrl}/shipping#zone-${rate.zoneId}`;
    // The same zone, service and price is the same entry, whichever variant it is for.
    return once(`${zoneRef}-service-${rate.serviceId}-${rate.price}`, written, () => ({
      '@type': 'OfferShippingDetails',
      name: `${rate.serviceName} — ${rate.zoneName}`,
      shippingRate: { '@type': 'MonetaryAmount', value: rate.price / 100, currency: shipping.currency },
      shippingDestination: destinationLd(zoneRef, shipping.country, rate.postcodes, written),
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: rate.leadDays, unitCode: 'DAY' },
        transitTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 0, unitCode: 'DAY' },
      },
    }));
  });
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

function shippingOf(p: ProductLdInput, price: number, policy: MerchantPolicy, written: WrittenNodes) {
  const assembly = Number(p.assemblyFee ?? 0);
  const shippingDetails = shippingDetailsLd({ shippingClass: p.shippingClass, priceCents: Math.round(price * 100), assemblyFeeCents: Number.isFinite(assembly) ? Math.round(assembly * 100) : 0 }, policy, written);
  return shippingDetails ? { shippingDetails } : {};
}

/** The Offer of one product, or null when it has no usable price. `written`: see WrittenNodes. */
export function offerLd(p: ProductLdInput, policy: MerchantPolicy, written: WrittenNodes = new Set()) {
  const price = Number(p.price);
  if (p.price === null || p.price === '' || !Number.isFinite(price)) return null;
  return {
    '@type': 'Offer',
    price: price.toFixed(2),
    priceCurrency: p.currency,
    availability: p.inStock ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`,
    itemCondition: `${SCHEMA}/NewCondition`,
    url: p.url,
    ...shippingOf(p, price, policy, written),
    hasMerchantReturnPolicy: returnPolicyLd(policy),
  };
}

/** The Product node (no @context) of one product; `extra` adds isVariantOf and the like. */
function productNode(p: ProductLdInput, policy: MerchantPolicy, written: WrittenNodes, extra: Record<string, unknown> = {}) {
  const offer = offerLd(p, policy, written);
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
  return { '@context': SCHEMA, ...productNode(p, policy, new Set()) };
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
  /** The address of the page's own variant: its offer's shipping entries are written in full, the others refer to them. */
  currentUrl?: string;
};

/**
 * schema.org ProductGroup of a model with several variants (Google's multi-page variant markup): the
 * same group (productGroupID, variesBy) on each variant's page, hasVariant listing every variant as
 * a Product with its own url, sku, color/size and offers, each pointing back with isVariantOf.
 */
export function productGroupJsonLd(g: ProductGroupLdInput, policy: MerchantPolicy) {
  const groupRef = `${g.siteUrl}/products#group-${encodeURIComponent(g.groupId)}`;
  // The page's own variant is built first, so its shipping entries are the ones written in full.
  const written: WrittenNodes = new Set();
  const order = [...g.variants.keys()].sort((a, b) => Number(g.variants[b].url === g.currentUrl) - Number(g.variants[a].url === g.currentUrl));
  const built = new Map(order.map((i) => [i, productNode(g.variants[i], policy, written, { inProductGroupWithID: g.groupId, isVariantOf: { '@id': groupRef } })]));
  const variants = g.variants.map((_, i) => built.get(i)!);
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
    hasVariant: variants,
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
