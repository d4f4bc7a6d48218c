/**
 * Builders for the admin catalogue tests: real images made with sharp, suppliers, and an order
 * line pointing at a product (to make it "in past orders").
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { db } from '@/db/client';
import { orderItems, orders, suppliers, type Product } from '@/db/schema';
import { createUser } from './factories';

const uid = () => crypto.randomBytes(4).toString('hex');

/** A real image of the given format, size in px, filled with a colour. */
export async function makeImage(format: 'jpeg' | 'png' | 'webp' | 'avif' = 'png', width = 600, height = 600, colour = { r: 47, g: 93, b: 80 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    [format]()
    .toBuffer();
}

/** A File for FormData. */
export const fileOf = (bytes: Buffer | string, name: string, type: string) => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

export async function createSupplier(name = `Supplier ${uid()}`) {
  const [s] = await db.insert(suppliers).values({ name, contactInfo: 'orders@example.test' }).returning();
  return s;
}

/** An order (by a fresh customer) with one line for the product, written directly to the tables. */
export async function createOrderWith(product: Pick<Product, 'id' | 'name' | 'sku' | 'price'>) {
  const customer = await createUser();
  const [order] = await db.insert(orders).values({ userId: customer.id, subtotal: product.price, totalAmount: product.price }).returning();
  const [item] = await db
    .insert(orderItems)
    .values({ orderId: order.id, productId: product.id, productName: product.name, sku: product.sku, quantity: 1, unitPrice: product.price, totalPrice: product.price })
    .returning();
  return { order, item };
}

/** FormData from a plain object (values stringified) plus files under `images`. */
export function productForm(fields: Record<string, unknown>, files: File[] = [], extra: Record<string, unknown> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const [k, v] of Object.entries(extra)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  for (const f of files) form.append('images', f);
  return form;
}
