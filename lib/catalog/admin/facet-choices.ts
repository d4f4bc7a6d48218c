/**
 * The lists an administrator chooses a product's style, function and mobility from (Edit Details,
 * docs/back-office.md), and the server's check that a written value is on its list.
 *
 * A list is the shop's vocabulary (lib/catalog/read/facets.ts) in its order, then the other values
 * live products already have, alphabetically. Values are compared without case or surrounding
 * spaces, so "upholstered" is "Upholstered": a write stores the list's spelling and never starts a
 * second filter beside an existing one. A value on no list is refused (400).
 */
import 'server-only';
import { isNull, sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { products } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { FUNCTIONS, MOBILITIES, STYLES } from '@/lib/catalog/read/facets';
import { badRequest } from '@/lib/server/errors';

export type FacetField = 'style' | 'function' | 'mobility';
/** Each field's choices, in the order a dropdown lists them. */
export type FacetChoices = Record<FacetField, string[]>;

const VOCABULARY: Record<FacetField, readonly string[]> = { style: STYLES, function: FUNCTIONS, mobility: MOBILITIES };
const LABELS: Record<FacetField, [string, string]> = { style: ['Style', 'styles'], function: ['Function', 'functions'], mobility: ['Mobility', 'mobilities'] };

/** The comparison key of a value: case and runs of spaces do not count. */
export const foldFacet = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** The lists from the database: the vocabulary, then the other values in use (the most used spelling of each). */
async function readChoices(executor: Executor): Promise<FacetChoices> {
  const column = { style: products.style, function: products.function, mobility: products.mobility };
  const out = {} as FacetChoices;
  for (const field of ['style', 'function', 'mobility'] as const) {
    const used = await executor
      .select({ value: column[field], n: sql<number>`count(*)::int` })
      .from(products)
      .where(isNull(products.archivedAt))
      .groupBy(column[field])
      .orderBy(sql`count(*) DESC`, column[field]);
    const seen = new Set(VOCABULARY[field].map(foldFacet));
    const others: string[] = [];
    for (const { value } of used) {
      const text = value?.trim().replace(/\s+/g, ' ');
      if (!text || seen.has(foldFacet(text))) continue;
      seen.add(foldFacet(text));
      others.push(text);
    }
    out[field] = [...VOCABULARY[field], ...others.sort((a, b) => a.localeCompare(b))];
  }
  return out;
}

/**
 * The style, function and mobility choices of Edit Details (administrators only).
 * @throws 401/403 not an administrator
 */
export async function listFacetChoices(actor: SessionUser): Promise<FacetChoices> {
  authorize(actor, 'products.write');
  return readChoices(db);
}

/**
 * Puts each style, function and mobility of a product write in its list's spelling ("upholstered"
 * → "Upholstered"); absent (unchanged) and null (cleared) values pass as they are.
 * @returns a copy of `input` with the values replaced
 * @throws 400 "Style must be one of the listed styles: …" for a value on no list (field named)
 */
export async function normaliseFacetInput<T extends Partial<Record<FacetField, string | null | undefined>>>(executor: Executor, input: T): Promise<T> {
  const given = (['style', 'function', 'mobility'] as const).filter((f) => typeof input[f] === 'string');
  if (given.length === 0) return input;
  const choices = await readChoices(executor);
  const out = { ...input };
  for (const field of given) {
    const wanted = foldFacet(input[field] as string);
    const match = choices[field].find((c) => foldFacet(c) === wanted);
    if (!match) {
      const [label, plural] = LABELS[field];
      throw badRequest(`${label} must be one of the listed ${plural}: ${choices[field].join(', ')}.`, { field });
    }
    out[field] = match as T[typeof field];
  }
  return out;
}
