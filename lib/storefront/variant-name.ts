/**
 * Names that tell the variants of one model apart: "KIVIK 3-seat sofa" in three colours
 * are three pages, so each gets a title and a structured-data name of its own — "KIVIK 3-seat sofa,
 * dark grey" — from the attributes its model varies by. Pure, so the rule is unit-tested.
 */

export type VariantSubject = { product_id: number; name: string; sku: string; color: string | null; size: string | null };
export type NamedProduct = VariantSubject & { variants?: VariantSubject[] | null };

/** The schema.org properties a model's variants differ in: 'color' and/or 'size' (each present when two or more values exist). */
export function variesBy(variants: readonly VariantSubject[]): ('color' | 'size')[] {
  const distinct = (key: 'color' | 'size') => new Set(variants.map((v) => v[key]?.trim().toLowerCase() || '')).size > 1;
  return (['color', 'size'] as const).filter(distinct);
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * What sets this variant apart from its siblings: the colour and/or size its model varies by
 * ("dark grey", "dark grey, 140x200 cm"), and its SKU when a sibling has the same colour and size
 * (another configuration); null for a product that is not one of several variants.
 */
export function variantDetail(product: NamedProduct): string | null {
  const siblings = product.variants ?? [];
  if (siblings.length < 2) return null;
  const keys = variesBy(siblings);
  const same = (a: string | null, b: string | null) => (a?.trim().toLowerCase() || '') === (b?.trim().toLowerCase() || '');
  const parts = keys.map((k) => (k === 'color' ? (product.color ? lowerFirst(product.color.trim()) : null) : product.size?.trim() || null)).filter((p): p is string => Boolean(p));
  const twin = siblings.some((v) => v.product_id !== product.product_id && keys.every((k) => same(v[k], product[k])));
  if (twin || parts.length === 0) parts.push(`SKU ${product.sku}`);
  return parts.join(', ');
}

/** The product's own name: its model's name, then what sets it apart ("KIVIK 3-seat sofa, dark grey"). */
export function variantName(product: NamedProduct, name = product.name): string {
  const detail = variantDetail(product);
  return detail ? `${name}, ${detail}` : name;
}
