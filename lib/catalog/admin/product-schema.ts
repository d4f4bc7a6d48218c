/**
 * Product input (spec §3 Product, §5 Admin product fields, §7 POST/PUT /products). Shared by the
 * product route handlers (multipart form fields or JSON) and the admin product table.
 *
 * Rules: name and SKU required; price in decimal dollars, more than 0 (a product is never given
 * away by a slip of the keyboard), at most 2 decimals; stock a whole
 * number ≥ 0; ids positive whole numbers (empty → none); dimensions whole cm; variant_group a
 * free key (lower-cased) shared by the colours and sizes of one model. Form strings are
 * accepted everywhere (multipart sends strings). In updates an absent field is left unchanged and
 * an empty optional field is cleared (null).
 */
import { z } from 'zod';
import { SHIPPING_CLASSES } from '@/db/statuses';

/**
 * Smallest product image, px on each side (docs/back-office.md "Uploads"): the product page shows
 * images up to about 600 px wide and zooms them, so a smaller picture is blurred or pixelated.
 * Review photos have no minimum. Browser-safe, so the image dialog checks the same number before
 * uploading; the server checks the decoded content (lib/storage/images.ts processImageUpload).
 */
export const MIN_PRODUCT_IMAGE_PX = 600;

export const PRICE_MESSAGE = 'Price must be an amount in dollars with at most 2 decimals, e.g. 499 or 499.90.';
export const PRICE_ZERO_MESSAGE = 'Price must be more than $0.00.';
export const STOCK_MESSAGE = 'Stock must be a whole number of 0 or more.';
/** Highest accepted price, dollars. */
export const MAX_PRICE = 1_000_000;
const MAX_STOCK = 1_000_000;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Optional text: absent → undefined (unchanged), '' or null → null (cleared). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

const numberish = (label: string) => z.union([z.number(), z.string()], { error: `${label} is required.` });

/**
 * Decimal dollars (number or string) → a number above 0 with at most 2 decimals. Shared by the
 * route handlers and the product table's inline price edit, which checks a typed price with it
 * before showing or sending it.
 */
export const priceField = numberish('Price').transform((v, ctx) => {
  const s = typeof v === 'number' ? String(v) : v.trim();
  const n = Number(s);
  if (/^-/.test(s) && Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: PRICE_ZERO_MESSAGE });
    return z.NEVER;
  }
  if (!/^\d+(\.\d{1,2})?$/.test(s) || n > MAX_PRICE) {
    ctx.addIssue({ code: 'custom', message: n > MAX_PRICE ? `Price must be at most ${MAX_PRICE}.` : PRICE_MESSAGE });
    return z.NEVER;
  }
  if (n <= 0) {
    ctx.addIssue({ code: 'custom', message: PRICE_ZERO_MESSAGE });
    return z.NEVER;
  }
  return n;
});

/** The assembly fee, decimal dollars from 0 to 10,000 with at most 2 decimals. */
const assemblyFeeField = numberish('Assembly fee').transform((v, ctx) => {
  const s = typeof v === 'number' ? String(v) : v.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(s) || Number(s) > 10_000) {
    ctx.addIssue({ code: 'custom', message: 'Assembly fee must be an amount from 0 to 10000 with at most two decimals.' });
    return z.NEVER;
  }
  return Number(s);
});

const wholeNumber = (label: string, message: string, max: number) =>
  numberish(label).transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (!/^\d+$/.test(s) || Number(s) > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(s);
  });

export const stockField = wholeNumber('Stock', STOCK_MESSAGE, MAX_STOCK);

/** An optional whole number: absent → undefined, '' / null → null. */
const optionalWhole = (label: string, message: string, max: number, positive = false) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const s = v === null ? '' : typeof v === 'number' ? String(v) : v.trim();
      if (s === '' || s === 'null') return null;
      if (!/^\d+$/.test(s) || Number(s) > max || (positive && Number(s) < 1)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(s);
    });

const idField = (label: string) => optionalWhole(label, `${label} must be chosen from the list.`, 2_147_483_647, true);
const cmField = (label: string) => optionalWhole(label, `${label} must be a whole number of centimetres.`, 10_000);

/** true / false, also as form strings ("true", "on", "1" / "false", "off", "0", ""). */
export const booleanField = z.union([z.boolean(), z.string()], { error: 'Featured must be true or false.' }).transform((v, ctx) => {
  if (typeof v === 'boolean') return v;
  const s = v.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(s)) return true;
  if (['false', '0', 'off', 'no', ''].includes(s)) return false;
  ctx.addIssue({ code: 'custom', message: 'Featured must be true or false.' });
  return z.NEVER;
});

const shape = {
  name: requiredText('Name', 200),
  sku: requiredText('SKU', 64),
  description: optionalText('Description', 5000),
  price: priceField,
  stock: stockField,
  category_id: idField('Category'),
  brand_id: idField('Brand'),
  supplier_id: idField('Supplier'),
  featured: booleanField,
  material: optionalText('Material', 200),
  /** Style, function and mobility: a value of their lists in any case; the service stores the list's spelling or refuses it (lib/catalog/admin/facet-choices.ts). */
  style: optionalText('Style', 200),
  color: optionalText('Color', 200),
  size: optionalText('Size', 200),
  function: optionalText('Function', 200),
  mobility: optionalText('Mobility', 200),
  /** Products sharing this key are one model in other colours or sizes (the shop offers them as choices); stored in lower case. */
  variant_group: optionalText('Variant group', 100).transform((v) => (typeof v === 'string' ? v.toLowerCase() : v)),
  width_cm: cmField('Width'),
  height_cm: cmField('Height'),
  depth_cm: cmField('Depth'),
  /** Parcel, bulky or collect_only; a new product without one gets it from its dimensions (db/shipping-class.ts). */
  shipping_class: z.enum(SHIPPING_CLASSES, { error: 'Shipping class must be parcel, bulky or collect_only.' }),
  /** Dollars per unit for assembly (the two-person-with-assembly service); 0 = free. */
  assembly_fee: assemblyFeeField,
};

/** POST /api/products: name, SKU and price required; stock defaults to 0, featured to false. */
export const productCreateSchema = z.object({ ...shape, stock: shape.stock.optional(), featured: shape.featured.optional(), shipping_class: shape.shipping_class.optional(), assembly_fee: shape.assembly_fee.optional() });
/** PUT /api/products/{id}: every field optional; absent fields are left unchanged. */
export const productUpdateSchema = z.object(shape).partial();

export type ProductCreateInput = z.output<typeof productCreateSchema>;
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;

/** The product fields a multipart form may carry (everything else in the form is ignored). */
export const PRODUCT_FORM_FIELDS = Object.keys(shape) as (keyof typeof shape)[];

/**
 * `existingImages`: the images to keep, in display order — image ids, image URLs, or
 * `{ image_id }` / `{ image_url }` objects. Images of the product not listed are removed.
 */
export const existingImagesSchema = z
  .array(
    z.union([
      z.number().int().positive(),
      z.string().trim().min(1),
      z.object({ image_id: z.coerce.number().int().positive().optional(), image_url: z.string().trim().min(1).optional() }),
    ]),
    { error: 'existingImages must be a JSON list of image ids or URLs.' },
  )
  .max(50, 'A product can keep at most 50 images.');
export type ExistingImageRef = z.output<typeof existingImagesSchema>[number];

/** `imageMeta`: one entry per uploaded file, in the same order as the `images` files. */
export const imageMetaSchema = z.array(
  z.object({
    sort_order: z.coerce.number().int().min(0).max(10_000).optional(),
    is_primary: booleanField.optional(),
  }),
  { error: 'imageMeta must be a JSON list with one {sort_order, is_primary} entry per image.' },
);
export type ImageMeta = z.output<typeof imageMetaSchema>[number];
