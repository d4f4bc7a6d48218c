// GET /api/openapi.json — the OpenAPI 3.1 document of this API, generated from the response contracts (each domain's contracts.ts, listed in lib/api/routes.ts)
import { openApiDocument } from '@/lib/api/openapi';

/** Static: built at `next build` from code only, so it can be cached anywhere. */
export const dynamic = 'force-static';

/** → 200 the OpenAPI 3.1 document (JSON), public and cacheable for an hour. */
export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { 'cache-control': 'public, max-age=3600, stale-while-revalidate=86400' } });
}
