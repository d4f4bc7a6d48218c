/**
 * The bench's ceiling (bench/run.sh): a bare route handler of the same Next.js version, built and
 * served beside the shop. The shop's /api/health does the same (no database work) through everything
 * the shop runs per request; the difference between the two is what every request pays.
 */
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ status: 'ok' });
}
