/**
 * What the storefront's cards need from a product. Structural, so lib/catalog's ProductJson (and
 * promotional products mapped by toCardProduct) fit it as they are.
 */
import type { ImageLike } from '@/lib/storefront/product-image';

export type CardProduct = {
  product_id: number;
  name: string | null;
  description?: string | null;
  /** Decimal dollars; the spec allows a string, and a non-numeric one shows "Price not available". */
  price: number | string | null;
  /** Set only while on promotion (decimal dollars). */
  original_price?: number | string | null;
  images?: ImageLike[] | null;
  category_name?: string | null;
  room_name?: string | null;
  /** Drawn as a cover or a spare part when it is one (illustration choice). */
  function?: string | null;
  /** Colour name ("Dark grey"): shown with a swatch and tints the illustration. */
  color?: string | null;
  /** Size as sold ("140x200 cm"). */
  size?: string | null;
  in_stock?: boolean;
  /** Units available; cards with a stock figure show the add-to-cart control. */
  stock?: number;
  /** Average of the approved reviews (null or absent: none) and how many there are. */
  rating_average?: number | null;
  rating_count?: number;
};

/** A product of GET /api/products/promotions (spec §3 Promotional product). */
export type PromoProduct = {
  id: number;
  name: string | null;
  description?: string | null;
  originalPrice: number | string | null;
  promotionalPrice: number | string | null;
  images?: ImageLike[] | null;
  imageUrl?: string | null;
  category_name?: string | null;
  room_name?: string | null;
  color?: string | null;
  size?: string | null;
  in_stock?: boolean;
  stock?: number;
};

/** A promotional product as a card product (its image list, or its single imageUrl). */
export function toCardProduct(p: PromoProduct): CardProduct {
  const images = p.images && p.images.length > 0 ? p.images : p.imageUrl ? [{ image_url: p.imageUrl, sort_order: 0, is_primary: true }] : [];
  return {
    product_id: p.id,
    name: p.name,
    description: p.description,
    price: p.promotionalPrice,
    original_price: p.originalPrice,
    images,
    category_name: p.category_name,
    room_name: p.room_name,
    color: p.color,
    size: p.size,
    in_stock: p.in_stock,
    stock: p.stock,
  };
}
