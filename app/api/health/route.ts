// GET /api/health — liveness without database work; GET /api/health?ready also checks the database.
import { sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * → 200 {status:'ok'}; with ?ready → 200 {status:'ok', database:'ok'} or 503 {status:'unavailable', message}.
 * Through route() like every API answer: it carries X-Request-Id, and a hostile query string is a 400.
 */
export const GET = route({ auth: 'public' }, async ({ req }) => {
  if (!new URL(req.url).searchParams.has('ready')) return Response.json({ status: 'ok' });
  try {
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ok', database: 'ok' });
  } catch (e) {
    console.error('[health] database check failed', e);
    return Response.json({ status: 'unavailable', message: 'The database is not reachable.' }, { status: 503 });
  }
});
