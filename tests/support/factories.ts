/**
 * Test data builders: each test creates what it needs (docs/architecture.md "Tests").
 * Domain-specific builders live beside these in tests/support/<domain>.ts.
 */
import crypto from 'node:crypto';
import { db } from '@/db/client';
import { brands, categories, products, users, type NewProduct } from '@/db/schema';
import { hashPassword } from '@/lib/auth/password';
import { signApiToken } from '@/lib/auth/token';

const uid = () => crypto.randomBytes(4).toString('hex');

export const TEST_PASSWORD = 'Passw0rd!';
let testHash: Promise<string> | undefined;

/** A user (customer unless isAdmin) whose password is TEST_PASSWORD. */
export async function createUser(overrides: Partial<{ userName: string; email: string; isAdmin: boolean; password: string }> = {}) {
  const id = uid();
  const passwordHash = overrides.password ? await hashPassword(overrides.password) : await (testHash ??= hashPassword(TEST_PASSWORD));
  const [user] = await db
    .insert(users)
    .values({ userName: overrides.userName ?? `user_${id}`, email: overrides.email ?? `user_${id}@example.test`, isAdmin: overrides.isAdmin ?? false, passwordHash })
    .returning();
  return user;
}

/** A bearer token for the user, as POST /api/users/login would return. */
export const tokenFor = (user: { id: number; tokenVersion: number }) => signApiToken({ userId: user.id, ver: user.tokenVersion });

/** A room with one subcategory. */
export async function createCategory(name = `Room ${uid()}`) {
  const [room] = await db.insert(categories).values({ name, slug: `room-${uid()}` }).returning();
  const [sub] = await db.insert(categories).values({ name: `${name} chairs`, slug: `sub-${uid()}`, parentId: room.id }).returning();
  return { room, sub };
}

export async function createBrand(name = `Brand ${uid()}`) {
  const [brand] = await db.insert(brands).values({ name, description: 'Test brand' }).returning();
  return brand;
}

/** A product (price in cents) in a fresh subcategory unless categoryId is given. */
export async function createProduct(overrides: Partial<NewProduct> = {}) {
  const categoryId = overrides.categoryId ?? (await createCategory()).sub.id;
  const [product] = await db
    .insert(products)
    .values({ sku: `SKU-${uid()}`, name: `Test chair ${uid()}`, description: 'A sturdy test chair.', price: 19900, stock: 10, ...overrides, categoryId })
    .returning();
  return product;
}
