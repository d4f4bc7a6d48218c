/**
 * A schema.org validator for the shop's JSON-LD, as search engines read it:
 * @adobe/structured-data-validator checks every node against the schema.org vocabulary (release
 * 30.0, tests/support/schemaorg-vocabulary.json: every type and property must exist there) and
 * Google's documented required properties for Product (merchant listings: image, offers),
 * Offer, OfferShippingDetails, MerchantReturnPolicy, Organization, BreadcrumbList, Review and
 * AggregateRating. It has no rules for ProductGroup, so Google's product-variant requirements are
 * checked here: name, productGroupID, variesBy and hasVariant, each variant a Product that points
 * back with isVariantOf.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Validator from '@adobe/structured-data-validator';

const vocabulary = JSON.parse(readFileSync(path.join(import.meta.dirname, 'schemaorg-vocabulary.json'), 'utf8'));

type Issue = { issueMessage: string; severity: 'ERROR' | 'WARNING'; errorType?: string; rootType?: string; path?: unknown };
type Node = Record<string, unknown>;

const typesOf = (n: Node) => (Array.isArray(n['@type']) ? (n['@type'] as string[]) : [n['@type'] as string]);

/** Google's product-variant rules for a ProductGroup node. */
function productGroupProblems(group: Node): string[] {
  const problems: string[] = [];
  for (const key of ['name', 'productGroupID', 'variesBy', 'hasVariant']) if (group[key] === undefined || group[key] === '') problems.push(`ProductGroup: "${key}" is required`);
  const variants = Array.isArray(group.hasVariant) ? (group.hasVariant as Node[]) : group.hasVariant ? [group.hasVariant as Node] : [];
  if (variants.length === 0) problems.push('ProductGroup: hasVariant lists no variant');
  const known = new Set(['https://schema.org/color', 'https://schema.org/size', 'https://schema.org/material', 'https://schema.org/pattern', 'https://schema.org/suggestedAge', 'https://schema.org/suggestedGender']);
  for (const v of [group.variesBy].flat()) if (typeof v !== 'string' || !known.has(v)) problems.push(`ProductGroup: variesBy "${String(v)}" is not one of Google's variant properties`);
  variants.forEach((v, i) => {
    if (!typesOf(v).includes('Product')) problems.push(`ProductGroup.hasVariant[${i}] is not a Product`);
    const back = v.isVariantOf as Node | undefined;
    if (!back || (back['@id'] !== group['@id'] && back.productGroupID !== group.productGroupID)) problems.push(`ProductGroup.hasVariant[${i}]: isVariantOf does not point to its group`);
    for (const prop of [group.variesBy].flat()) {
      const short = String(prop).replace('https://schema.org/', '');
      if (v[short] === undefined) problems.push(`ProductGroup.hasVariant[${i}]: "${short}" is required (variesBy)`);
    }
  });
  return problems;
}

/**
 * The problems of JSON-LD nodes (as parsed from a page's scripts): validator errors, properties or
 * types schema.org does not define, and ProductGroup rule breaks. [] when they pass.
 */
export async function structuredDataProblems(nodes: Node[]): Promise<string[]> {
  const byType: Record<string, Node[]> = {};
  for (const node of nodes) for (const t of typesOf(node)) (byType[t] ??= []).push(structuredClone(node));
  const issues: Issue[] = await new Validator(vocabulary).validate({ jsonld: byType });
  const problems = issues
    .filter((i) => i.severity === 'ERROR' || i.errorType === 'schemaOrg')
    .map((i) => `${i.rootType}: ${i.issueMessage} at ${JSON.stringify(i.path)}`);
  for (const group of nodes.filter((n) => typesOf(n).includes('ProductGroup'))) problems.push(...productGroupProblems(group));
  return problems;
}

/** The JSON-LD nodes of an HTML page (every <script type="application/ld+json">, arrays flattened). */
export function jsonLdOf(html: string): Node[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Node | Node[]);
  return scripts.flat();
}
