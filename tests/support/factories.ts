/**
 * Test data builders: each test creates what it needs (docs/architecture.md "Tests").
 * Domain-specific builders live beside these in tests/support/<domain>.ts.
 */
import crypto from 'node:crypto';
import { db } from '@/db/client';
import { eq, inArray } from 'drizzle-orm';
import { brands, categories, products, roles, staffRoles, users, type NewProduct } from '@/db/schema';
import { hashPassword } from '@/lib/auth/password';
import { issueApiToken } from '@/lib/auth/token';

const uid = () => crypto.randomBytes(4).toString('hex');

export const TEST_PASSWORD = 'Passw0rd!';
let testHash: Promise<string> | undefined;

/**
 * A user (customer unless isAdmin or roles) whose password is TEST_PASSWORD. A staff member holds
 * the named built-in or custom roles; staff without `roles` are Owners, as every administrator
 * became by migration 0028.
 */
export async function createUser(overrides: Partial<{ userName: string; email: string; isAdmin: boolean; password: string; roles: string[] }> = {}) {
  const id = uid();
  const passwordHash = overrides.password ? await hashPassword(overrides.password) : await (testHash ??= hashPassword(TEST_PASSWORD));
  const isAdmin = overrides.isAdmin ?? overrides.roles !== undefined;
  const [user] = await db
    .insert(users)
    .values({ userName: overrides.userName ?? `user_${id}`, email: overrides.email ?? `user_${id}@example.test`, isAdmin, passwordHash })
    .returning();
  if (isAdmin) await giveRoles(user.id, overrides.roles ?? ['Owner']);
  return user;
}

/** Replaces a user's roles with the named ones (throws when a name is unknown). */
export async function giveRoles(userId: number, names: string[]) {
  const found = names.length ? await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, names)) : [];
  if (found.length !== names.length) throw new Error(`Unknown role among ${names.join(', ')}`);
  await db.delete(staffRoles).where(eq(staffRoles.userId, userId));
  if (found.length) await db.insert(staffRoles).values(found.map((r) => ({ userId, roleId: r.id })));
}

/** The client a test's sessions are recorded with (the device list shows it). */
export const TEST_CLIENT = { address: '203.0.113.7', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' };

/** A bearer token for the user with a session of its own, as POST /api/users/login would return. */
export const tokenFor = (user: { id: number }) => issueApiToken(user.id, TEST_CLIENT);

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
