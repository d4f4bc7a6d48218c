/**
 * The fuzzer's model of a JSON body: objects are lists of entries, so a body can hold what a plain
 * JavaScript object cannot — an own `__proto__` key, the same key twice — and `raw` splices JSON
 * text verbatim (50,000 levels of nesting, `1e400`, a number with 400 digits). `ref` and `fresh`
 * are placeholders the request builder resolves against the fuzz world (tests/support/fuzz/world.ts):
 * the id of a fixture row, or a value unique to this request (an email nobody has used).
 */
export type Ref = { ref: RefName };
export type Fresh = { fresh: 'email' | 'user_name' | 'sku' | 'name' };
export type J = null | boolean | number | string | Ref | Fresh | { arr: J[] } | { obj: [string, J][] } | { raw: string };

/** Fixture rows a request can point at (tests/support/fuzz/world.ts creates them). */
export type RefName =
  | 'deliveryZone'
  | 'deliveryService'
  | 'pickupLocation'
  | 'product'
  | 'bulkEdit'
  | 'subcategory'
  | 'room'
  | 'spareCategory'
  | 'brand'
  | 'supplier'
  | 'order'
  | 'orderItem'
  | 'foreignOrder'
  | 'cartItem'
  | 'address'
  | 'contact'
  | 'paymentMethod'
  | 'victimUser'
  | 'victimAdmin'
  | 'image'
  | 'deliveredItem'
  | 'deliveredOrder'
  | 'review'
  | 'return'
  | 'creditedOrder'
  | 'creditNote'
  | 'discountCode'
  | 'discountCodeText'
  | 'synonymSet'
  | 'stockLocation'
  | 'defaultStockLocation'
  | 'session';

export const ref = (name: RefName): Ref => ({ ref: name });
export const fresh = (kind: Fresh['fresh']): Fresh => ({ fresh: kind });

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A plain value (objects, arrays, primitives, ref/fresh markers) as a J tree. */
export function fromPlain(v: unknown): J {
  if (Array.isArray(v)) return { arr: v.map(fromPlain) };
  if (isObj(v)) {
    if ('ref' in v || 'fresh' in v || 'raw' in v) return v as J;
    return { obj: Object.entries(v).map(([k, x]) => [k, fromPlain(x)] as [string, J]) };
  }
  return v as J;
}

/** Resolves placeholders: the world answers ids for refs and unique values for fresh markers. */
export type Resolver = { ref(name: RefName): number | string; fresh(kind: Fresh['fresh']): string };

/** JSON text of a J tree (keys and strings escaped by JSON.stringify, so NUL travels as \u0000). */
export function toJsonText(j: J, r: Resolver): string {
  if (j === null || typeof j === 'boolean') return String(j);
  if (typeof j === 'number') return Number.isFinite(j) ? JSON.stringify(j) : 'null';
  if (typeof j === 'string') return JSON.stringify(j);
  if ('ref' in j) return JSON.stringify(r.ref(j.ref));
  if ('fresh' in j) return JSON.stringify(r.fresh(j.fresh));
  if ('raw' in j) return j.raw;
  if ('arr' in j) return `[${j.arr.map((x) => toJsonText(x, r)).join(',')}]`;
  return `{${j.obj.map(([k, x]) => `${JSON.stringify(k)}:${toJsonText(x, r)}`).join(',')}}`;
}

/** A form field's text for a J value: strings as they are, anything else as its JSON text. */
export function toFieldText(j: J, r: Resolver): string {
  if (typeof j === 'string') return j;
  if (j !== null && typeof j === 'object' && 'ref' in j) return String(r.ref(j.ref));
  if (j !== null && typeof j === 'object' && 'fresh' in j) return r.fresh(j.fresh);
  return toJsonText(j, r);
}

/** Every node of a tree with its path (indexes into arr / obj entries), the root first. */
export function nodes(j: J, path: number[] = []): { path: number[]; node: J }[] {
  const out = [{ path, node: j }];
  if (j !== null && typeof j === 'object') {
    if ('arr' in j) j.arr.forEach((x, i) => out.push(...nodes(x, [...path, i])));
    else if ('obj' in j) j.obj.forEach(([, x], i) => out.push(...nodes(x, [...path, i])));
  }
  return out;
}

/** A copy of the tree with the node at `path` replaced by `fn(node)` (fn returning undefined removes it from its parent). */
export function update(j: J, path: number[], fn: (node: J) => J | undefined): J | undefined {
  if (path.length === 0) return fn(j);
  if (j === null || typeof j !== 'object') return j;
  const [i, ...rest] = path;
  if ('arr' in j) {
    const arr = [...j.arr];
    const next = update(arr[i], rest, fn);
    if (next === undefined) arr.splice(i, 1);
    else arr[i] = next;
    return { arr };
  }
  if ('obj' in j) {
    const obj = [...j.obj];
    const next = update(obj[i][1], rest, fn);
    if (next === undefined) obj.splice(i, 1);
    else obj[i] = [obj[i][0], next];
    return { obj };
  }
  return j;
}
