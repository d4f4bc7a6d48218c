/**
 * Building blocks of the response contracts (docs/architecture.md "Response contracts"): the JSON every route in
 * app/api answers, as zod schemas. The spec's field names (snake_case, spec §3/§7) live here and in
 * the mappers; the mappers' return types are inferred from these schemas, and
 * tests/api/contract.test.ts parses every route's answer with them. /api/openapi.json is generated
 * from the same schemas (lib/api/openapi.ts).
 *
 * Objects are strict: a field a mapper adds must be added here too (the contract test fails
 * otherwise), so the documented contract never drifts from what the API sends.
 */
import { z } from 'zod';
import { STATUS } from '@/lib/server/errors';

/**
 * The named response schemas: each becomes a component of /api/openapi.json (`{ id }`). Its own
 * registry rather than zod's global one, so reloading a module in development re-creates it.
 */
export const contracts = z.registry<{ id?: string; description?: string }>();

/** A database id: a positive whole number. */
export const id = z.number().int().positive();
/** A count or quantity: a whole number ≥ 0. */
export const count = z.number().int().nonnegative();
/** An amount in decimal currency units of the store currency (cents / 100, at most 2 decimals). */
export const money = z
  .number()
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Money has at most 2 decimals.')
  .register(contracts, { description: 'Decimal amount in the store currency (e.g. 1299.5 = $1,299.50).' });
/** A moment, ISO 8601 in UTC (`2026-04-20T09:30:00.000Z`). */
export const dateTime = z.iso.datetime();
/** A calendar day, `YYYY-MM-DD` (in the store's time zone where it matters). */
export const day = z.iso.date();
/** Text a person typed or that may be absent. */
export const nullableText = z.string().nullable();

/** `{ message }` — the answer of an action that returns nothing else. */
export const messageJson = z.strictObject({ message: z.string().min(1) });
/** `{ success: true }`. */
export const successJson = z.strictObject({ success: z.literal(true) });
/** `{ success: true, message }`. */
export const successMessageJson = z.strictObject({ success: z.literal(true), message: z.string().min(1) });

/** Every error: `{ message, code }` with the status of lib/server/errors.ts STATUS (500 → code 'internal'). */
export const errorJson = z
  .strictObject({
    message: z.string().min(1),
    code: z.enum([...(Object.keys(STATUS) as (keyof typeof STATUS)[]), 'internal']),
    /** Input problems, one per field (400). */
    errors: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
    /** Which part of the request was invalid: params, query or body (400). */
    in: z.enum(['params', 'query', 'body']).optional(),
    /** The form field the message is about. */
    field: z.string().optional(),
    /** Payment answers (402) keep the success flags the checkout reads. */
    success: z.literal(false).optional(),
    requiresAction: z.boolean().optional(),
  })
  .register(contracts, { id: 'Error', description: 'Every error response: the spec clients read `message`.' });

export type ErrorJson = z.infer<typeof errorJson>;
