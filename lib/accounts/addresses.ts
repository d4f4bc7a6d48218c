/**
 * The signed-in user's delivery addresses (spec §2 Profile → Delivery Addresses, §3 Address, §5
 * New address / Profile address form, §7 GET/POST /users/addresses, DELETE /users/addresses/{id}).
 *
 * The owner is in every WHERE clause: someone else's address id is "not found" and nothing
 * changes. At most one address per user is the default: every write that sets a default locks
 * the user's row first and unsets the others in the same transaction, so two concurrent writes
 * cannot both leave a default behind.
 */
import 'server-only';
import { and, asc, eq, ne } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { addresses, users, type NewAddress } from '@/db/schema';
import { AppError, notFound } from '@/lib/server/errors';
import { zoneOfAddress } from '@/lib/delivery/service';
import type { AddressUpdateInput } from '@/lib/accounts/schemas';
import { toAddressJson, type AddressJson } from './mappers';
import type { SavedAddressJson } from './contracts';

/** The fields of a new address: what addressSchema (order page) and profileAddressSchema (profile) produce. */
export type AddressFields = {
  street_address: string;
  city: string;
  country: string;
  state_province?: string | null;
  postal_code?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  phone_number?: string | null;
  is_default?: boolean;
};

export const ADDRESS_NOT_FOUND = 'Delivery address not found.';

/** Serialises default changes per user (see the module comment); contacts keep their default the same way. */
export async function lockUser(tx: Executor, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** The user's addresses, oldest first, as spec §3 JSON. */
export async function listAddresses(userId: number, executor: Executor = db): Promise<AddressJson[]> {
  const rows = await executor.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
  return rows.map(toAddressJson);
}

/**
 * One of the user's addresses.
 * @throws AppError not_found (404) when it does not exist or belongs to someone else.
 */
export async function getAddress(userId: number, addressId: number, executor: Executor = db): Promise<AddressJson> {
  const [row] = await executor.select().from(addresses).where(and(eq(addresses.id, addressId), eq(addresses.userId, userId))).limit(1);
  if (!row) throw notFound(ADDRESS_NOT_FOUND);
  return toAddressJson(row);
}

/**
 * Saves a new address for the user; with is_default, the user's other addresses stop being default.
 * @param input validated fields (addressSchema or profileAddressSchema output)
 * @param executor db, or the caller's transaction (e.g. order creation) to take part in it
 * @returns the created address as spec §3 JSON
 */
export async function createAddress(userId: number, input: AddressFields, executor: Executor = db): Promise<AddressJson> {
  return executor.transaction(async (tx) => {
    const isDefault = Boolean(input.is_default);
    if (isDefault) {
      await lockUser(tx, userId);
      await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
    }
    const [row] = await tx
      .insert(addresses)
      .values({
        userId,
        streetAddress: input.street_address,
        city: input.city,
        country: input.country,
        stateProvince: input.state_province ?? null,
        postalCode: input.postal_code ?? null,
        firstName: input.first_name ?? null,
        lastName: input.last_name ?? null,
        phoneNumber: input.phone_number ?? null,
        isDefault,
      })
      .returning();
    return toAddressJson(row);
  });
}

/**
 * Edits the fields present in the input; {is_default: true} makes it the user's only default.
 * @returns the updated address as spec §3 JSON
 * @throws AppError not_found (404) for someone else's or a missing address (nothing changes).
 */
export async function updateAddress(userId: number, addressId: number, input: AddressUpdateInput): Promise<AddressJson> {
  return db.transaction(async (tx) => {
    if (input.is_default) await lockUser(tx, userId);
    const set: Partial<NewAddress> = {};
    if (input.street_address !== undefined) set.streetAddress = input.street_address;
    if (input.city !== undefined) set.city = input.city;
    if (input.country !== undefined) set.country = input.country;
    if (input.state_province !== undefined) set.stateProvince = input.state_province;
    if (input.postal_code !== undefined) set.postalCode = input.postal_code;
    if (input.first_name !== undefined) set.firstName = input.first_name;
    if (input.last_name !== undefined) set.lastName = input.last_name;
    if (input.phone_number !== undefined) set.phoneNumber = input.phone_number;
    if (input.is_default !== undefined) set.isDefault = input.is_default;
    const [row] = await tx
      .update(addresses)
      .set(set)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning();
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    if (input.is_default) {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, addressId), eq(addresses.isDefault, true)));
    }
    return toAddressJson(row);
  });
}

/**
 * Deletes one of the user's addresses. Orders keep their own snapshot of the address.
 * @throws AppError not_found (404) for someone else's or a missing address (nothing changes).
 */
export async function deleteAddress(userId: number, addressId: number): Promise<void> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (deleted.length === 0) throw notFound(ADDRESS_NOT_FOUND);
}

/**
 * The address with `delivery_note`: why the shop cannot deliver there, in the delivery quote's own
 * words (a postcode outside every zone, a zone not served, not New Zealand), or null when a served
 * zone covers it. Lets the profile tell the customer when the address is saved, not at checkout.
 */
export async function withDeliveryNote(address: AddressJson, executor: Executor = db): Promise<SavedAddressJson> {
  try {
    await zoneOfAddress(executor, { postalCode: address.postal_code, country: address.country });
    return { ...address, delivery_note: null };
  } catch (e) {
    if (e instanceof AppError && e.code === 'bad_request') return { ...address, delivery_note: e.message };
    throw e;
  }
}
