/**
 * Cart rows → the spec's JSON (spec §3 Cart item, Cart response).
 * Prices are decimals in the store currency (lib/money toDecimal).
 */
import type { CartItemJson } from '@/lib/cart/contracts';
import { toDecimal } from '@/lib/money';
import { illustrationOf } from '@/lib/catalog/illustrations';

export type { CartItemJson, CartJson, CartProductJson } from '@/lib/cart/contracts';

export type CartItemRow = {
  id: number;
  cartId: number;
  productId: number;
  quantity: number;
  product: { id: number; name: string; sku: string; price: number; stock: number; archivedAt: Date | null; color: string | null; function: string | null };
  images: { id: number; url: string; sortOrder: number; isPrimary: boolean }[];
};

/** One cart line with its product (price in dollars, images ordered primary first). */
export function toCartItemJson(row: CartItemRow): CartItemJson {
  return {
    cart_item_id: row.id,
    cart_id: row.cartId,
    product_id: row.productId,
    quantity: row.quantity,
    Product: {
      product_id: row.product.id,
      name: row.product.name,
      sku: row.product.sku,
      price: toDecimal(row.product.price),
      stock: row.product.stock,
      available: row.product.archivedAt === null,
      color: row.product.color,
      illustration: illustrationOf({ name: row.product.name, function: row.product.function }),
      images: [...row.images]
        .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.sortOrder - b.sortOrder || a.id - b.id)
        .map((i) => ({ image_id: i.id, image_url: i.url, sort_order: i.sortOrder, is_primary: i.isPrimary })),
    },
  };
}
