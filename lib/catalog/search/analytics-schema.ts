/**
 * The search event a shopper's browser sends (POST /api/search/events; docs/search.md "What
 * shoppers searched for"): a search shown with how many products it found, or a click on one of
 * its results. Browser-safe: the beacon component builds its body to this shape.
 */
import { z } from 'zod';

/** The longest query counted, in characters after trimming; longer ones are refused (400). */
export const MAX_COUNTED_QUERY = 100;
/** The result counts a search may report (the catalogue holds a few thousand products). */
export const MAX_REPORTED_RESULTS = 1_000_000;

const QUERY_MESSAGE = `query must be 1 to ${MAX_COUNTED_QUERY} characters.`;
const query = z.string({ error: QUERY_MESSAGE }).trim().min(1, QUERY_MESSAGE).max(MAX_COUNTED_QUERY, QUERY_MESSAGE);
const RESULTS_MESSAGE = 'results must be a whole number of products, 0 or more.';

/** `search`: the results page showed `results` products for `query`; `click`: the shopper opened one of them. */
export const searchEventSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('search'),
      query,
      results: z.number({ error: RESULTS_MESSAGE }).int(RESULTS_MESSAGE).min(0, RESULTS_MESSAGE).max(MAX_REPORTED_RESULTS, RESULTS_MESSAGE),
    }),
    z.strictObject({ kind: z.literal('click'), query }),
  ],
  { error: 'kind must be "search" or "click".' },
);
export type SearchEvent = z.output<typeof searchEventSchema>;
