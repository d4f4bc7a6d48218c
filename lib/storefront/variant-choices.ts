/**
 * The colour and size choices of a product page (ProductJson.variants): which sibling each choice
 * leads to. Pure, so the rules are unit-tested.
 */

export type VariantLike = { product_id: number; sku: string; color: string | null; size: string | null; price: number; in_stock: boolean };

export type VariantChoice = {
  /** The colour or size shown on the choice. */
  label: string;
  /** The variant the choice opens. */
  productId: number;
  /** The product shown now has this colour / size. */
  current: boolean;
  inStock: boolean;
};

export type VariantChoices = {
  /** One per colour (when the model comes in more than one): the variant of that colour in the current size if there is one, else its first. */
  colours: VariantChoice[];
  /** One per size (when more than one): the variant of that size in the current colour if there is one, else its first. */
  sizes: VariantChoice[];
  /** Other versions in the same colour and size (another configuration or set), by price. */
  others: VariantLike[];
};

function choose(variants: VariantLike[], current: VariantLike, key: 'color' | 'size', other: 'color' | 'size'): VariantChoice[] {
  const values = [...new Set(variants.map((v) => v[key]).filter((v): v is string => Boolean(v)))];
  if (values.length < 2) return [];
  return values.map((value) => {
    const same = variants.filter((v) => v[key] === value);
    const target = value === current[key] ? current : (same.find((v) => v[other] === current[other]) ?? same[0]);
    return { label: value, productId: target.product_id, current: value === current[key], inStock: same.some((v) => v.in_stock) };
  });
}

/** The choices for `current` among `variants` (current included or not); empty lists when there is nothing to choose. */
export function variantChoices(current: VariantLike, variants: VariantLike[]): VariantChoices {
  const all = variants.some((v) => v.product_id === current.product_id) ? variants : [current, ...variants];
  return {
    colours: choose(all, current, 'color', 'size'),
    sizes: choose(all, current, 'size', 'color'),
    others: all.filter((v) => v.product_id !== current.product_id && v.color === current.color && v.size === current.size).sort((a, b) => a.price - b.price),
  };
}
