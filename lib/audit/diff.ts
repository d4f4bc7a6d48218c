/**
 * What changed, as the audit log keeps it (docs/accounts-and-security.md "Audit log"): pure, no
 * database, safe anywhere.
 */

/** One field's value before and after a change (null where the field did not exist). */
export type FieldChange = { before: unknown; after: unknown };
/** Field name → its change. */
export type Changes = Record<string, FieldChange>;

/**
 * Fields never recorded, whatever the caller passes: password hashes, TOTP secrets, tokens and
 * their versions, recovery codes, card data. Matched on the field's name, any case.
 */
const SECRET_FIELD = /password|secret|token|recovery|card|cvv|cvc|hash|salt|otp/i;

/** True when a field's name says it holds a secret the audit log must not keep. */
export const isSecretField = (name: string): boolean => SECRET_FIELD.test(name);

/** A value as JSON keeps it: dates as ISO strings, undefined as null. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/**
 * The fields whose value differs between two snapshots of a record.
 * @param before the record before the change (null for a record created)
 * @param after the record after it (null for a record deleted)
 * @param options.omit fields left out besides the secrets (bookkeeping such as `updatedAt`)
 * @returns field → `{ before, after }` for each field present in either whose JSON value differs;
 *   secret fields (isSecretField) are never included
 */
export function changedFields(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined, options: { omit?: readonly string[] } = {}): Changes {
  const omit = new Set(options.omit ?? []);
  const changes: Changes = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    if (omit.has(name) || isSecretField(name)) continue;
    const was = plain(before?.[name]);
    const now = plain(after?.[name]);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[name] = { before: was, after: now };
  }
  return changes;
}

/** The named fields of a record (for a "before" that should show only what a partial update sets). */
export function pick(record: Record<string, unknown> | null | undefined, names: Iterable<string>): Record<string, unknown> | null {
  if (!record) return null;
  return Object.fromEntries([...names].filter((n) => n in record).map((n) => [n, record[n]]));
}
