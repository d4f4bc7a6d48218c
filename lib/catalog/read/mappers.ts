/**
 * Rows → the contract's JSON (docs/architecture.md "Response contracts"). The spec's field names live here.
 * Money: cents in rows, decimal dollars out. Dates: ISO strings out (cacheable JSON).
 */
import { percentSaved, toDecimal } from '@/lib/money';
import type { ShippingClass } from '@/db/statuses';
import type { ProductImageJson, ProductJson, PromotionalProductJson, VariantJson } from '@/lib/catalog/types';

/** A product row as lib/catalog/read/queries.ts selects it (products + category, room, brand, active promotion). */
export type ProductRow = {
  id: number;
  sku: string;
  name: string;
  description: string | null;
  categoryId: number | null;
  brandId: number | null;
  supplierId: number | null;
  material: string | null;
  style: string | null;
  color: string | null;
  size: string | null;
  function: string | null;
  mobility: string | null;
  widthCm: number | null;
  heightCm: number | null;
  depthCm: number | null;
  /** How it travels and its assembly fee in cents. */
  shippingClass: ShippingClass;
  assemblyFee: number;
  /** Cents. */
  price: number;
  stock: number;
  featured: boolean;
  designer: string | null;
  variantGroup: string | null;
  /** Average of the approved reviews (two decimals), null without any; and how many there are. */
  ratingAverage: number | null;
  ratingCount: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  categoryName: string | null;
  categorySlug: string | null;
  categoryParentId: number | null;
  roomId: number | null;
  roomName: string | null;
  roomSlug: string | null;
  brandName: string | null;
  /** Cents, the active promotion's original price (null when not on promotion). */
  originalPrice: number | null;
  promotionName: string | null;
};

export type ImageRow = { id: number; productId: number; url: string; sortOrder: number; isPrimary: boolean };

export const toImageJson = (r: ImageRow): ProductImageJson => ({ image_id: r.id, image_url: r.url, sort_order: r.sortOrder, is_primary: r.isPrimary });

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** True while a promotion applies: its original price is above the current price. */
const onPromotion = (r: ProductRow) => r.originalPrice !== null && r.originalPrice > r.price;

/**
 * spec §3 Product. A product whose primary category is itself a room (no parent) reports that room
 * as both its category and its room.
 */
export function toProductJson(r: ProductRow, images: ImageRow[] = []): ProductJson {
  const isRoom = r.categoryId !== null && r.categoryParentId === null;
  const json: ProductJson = {
    product_id: r.id,
    sku: r.sku,
    name: r.name,
    description: r.description,
    category_id: r.categoryId,
    brand_id: r.brandId,
    material: r.material,
    style: r.style,
    color: r.color,
    size: r.size,
    price: toDecimal(r.price),
    stock: r.stock,
    featured: r.featured,
    images: images.map(toImageJson),
    width_cm: r.widthCm,
    height_cm: r.heightCm,
    depth_cm: r.depthCm,
    shipping_class: r.shippingClass,
    assembly_fee: toDecimal(r.assemblyFee),
    function: r.function,
    mobility: r.mobility,
    category_name: r.categoryName,
    category_slug: r.categorySlug,
    room_id: isRoom ? r.categoryId : r.roomId,
    room_name: isRoom ? r.categoryName : r.roomName,
    room_slug: isRoom ? r.categorySlug : r.roomSlug,
    brand_name: r.brandName,
    supplier_id: r.supplierId,
    designer: r.designer,
    variant_group: r.variantGroup,
    rating_average: r.ratingAverage === null ? null : Number(r.ratingAverage),
    rating_count: r.ratingCount,
    in_stock: r.stock > 0,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
  if (onPromotion(r)) {
    json.original_price = toDecimal(r.originalPrice!);
    json.percent_saved = percentSaved(r.originalPrice!, r.price) ?? undefined;
    json.promotion_name = r.promotionName ?? undefined;
  }
  return json;
}

/** A variant row (id, sku, name, colour, size, price and assembly fee in cents, stock, shipping class) → VariantJson (money in decimal dollars). */
export function toVariantJson(r: { id: number; sku: string; name: string; color: string | null; size: string | null; price: number; stock: number; shippingClass: VariantJson['shipping_class']; assemblyFee: number }): VariantJson {
  return { product_id: r.id, sku: r.sku, name: r.name, color: r.color, size: r.size, price: toDecimal(r.price), stock: r.stock, in_stock: r.stock > 0, shipping_class: r.shippingClass, assembly_fee: toDecimal(r.assemblyFee) };
}

/** spec §3 Promotional product: originalPrice / promotionalPrice in decimal dollars, imageUrl = primary image. */
export function toPromotionalProductJson(r: ProductRow, images: ImageRow[] = []): PromotionalProductJson {
  const imgs = images.map(toImageJson);
  const primary = imgs.find((i) => i.is_primary) ?? imgs[0];
  const original = r.originalPrice ?? r.price;
  return {
    id: r.id,
    product_id: r.id,
    sku: r.sku,
    name: r.name,
    description: r.description,
    originalPrice: toDecimal(original),
    promotionalPrice: toDecimal(r.price),
    percentSaved: percentSaved(original, r.price),
    images: imgs,
    imageUrl: primary?.image_url ?? null,
    stock: r.stock,
    in_stock: r.stock > 0,
    color: r.color,
    size: r.size,
    category_name: r.categoryName,
    room_name: r.categoryParentId === null ? r.categoryName : r.roomName,
  };
}
