// POST /api/search/events — count a search the shopper was shown, or a result they opened (docs/search.md "What shoppers searched for")
import { clientAddress } from '@/lib/server/client-address';
import { env } from '@/lib/server/env';
import { route } from '@/lib/http/route';
import { flushSearchEventsAfterResponse, recordSearchEvent } from '@/lib/catalog/search/analytics';
import { searchEventSchema } from '@/lib/catalog/search/analytics-schema';

/**
 * Public; sent by the results page's beacon (components/products/search-beacon.tsx). Body: a
 * `search` event (query 1–100 characters, results a whole number ≥ 0) or a `click` event (query).
 * Adds it to the batch in memory and answers 204; the batch is written after the response when due.
 * 400 for bad input; 429 past the per-address limit of one minute (lib/catalog/search/analytics.ts).
 */
export const POST = route({ body: searchEventSchema }, ({ req, body }) => {
  recordSearchEvent(body, { address: clientAddress(req.headers, env().TRUST_PROXY) });
  flushSearchEventsAfterResponse();
  return new Response(null, { status: 204 });
});
