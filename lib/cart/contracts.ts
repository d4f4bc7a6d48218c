/** Cart contracts (spec §3 Cart item, Cart response). Prices in decimal dollars. */
import { z } from 'zod';
import { contracts, count, id, money } from '@/lib/server/contracts';
import { productImageJson } from '@/lib/catalog/contracts';

export const cartProductJson = z.strictObject({
  product_id: id,
  name: z.string().min(1),
  sku: z.string().min(1),
  price: money,
  stock: count,
  /** False when the product was archived: it stays visible in the cart but cannot be ordered. */
  available: z.boolean(),
  /** Colour name ("Dark grey"), or null: tints the illustration. */
  color: z.string().nullable(),
  /** Path of the product's line illustration ("/illustrations/sofa.svg"), shown when it has no image. */
  illustration: z.string().min(1),
  images: z.array(productImageJson),
});
export type CartProductJson = z.infer<typeof cartProductJson>;

export const cartItemJson = z
  .strictObject({ cart_item_id: id, cart_id: id, product_id: id, quantity: z.number().int().min(1), Product: cartProductJson })
  .register(contracts, { id: 'CartItem' });
export type CartItemJson = z.infer<typeof cartItemJson>;

/** GET /api/cart; cart_id is null until the user first adds something. */
export const cartJson = z.strictObject({ cart_id: id.nullable(), CartItems: z.array(cartItemJson) }).register(contracts, { id: 'Cart' });
export type CartJson = z.infer<typeof cartJson>;

/** POST /api/cart/add, PUT /api/cart/update. */
export const cartItemResultJson = z.strictObject({ message: z.string().min(1), CartItem: cartItemJson });
/** POST /api/cart/clear. */
export const cartClearedJson = z.strictObject({ message: z.string().min(1), removed: count });

/** GET /api/viewer (not in the spec): who is browsing and the units in their cart, for the cached pages' header. */
export const viewerJson = z
  .strictObject({
    user: z.strictObject({ user_name: z.string().min(1), is_admin: z.boolean() }).nullable(),
    cart_count: count,
    /** The products the viewer saved (the hearts on cached pages, docs/saved-items.md); [] for visitors. */
    saved_product_ids: z.array(id),
  })
  .register(contracts, { id: 'Viewer' });
export type ViewerJson = z.infer<typeof viewerJson>;
