// GET /api/health — liveness without database work; GET /api/health?ready also checks the database.
import { sql } from 'drizzle-orm';
import { db } from '@/db/client';

export const dynamic = 'force-dynamic';

/** → 200 {status:'ok'}; with ?ready → 200 {status:'ok', database:'ok'} or 503 {status:'unavailable', message}. */
export async function GET(req: Request) {
  if (!new URL(req.url).searchParams.has('ready')) return Response.json({ status: 'ok' });
  try {
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ok', database: 'ok' });
  } catch (e) {
    console.error('[health] database check failed', e);
    return Response.json({ status: 'unavailable', message: 'The database is not reachable.' }, { status: 503 });
  }
}
