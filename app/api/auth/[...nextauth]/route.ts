// GET, POST /api/auth/* — next-auth's own endpoints (sign-in, sign-out, session, CSRF).
import NextAuth from 'next-auth';
import { getAuthOptions } from '@/lib/auth/options';
import { requestOrigin } from '@/lib/auth/redirect';

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, ctx: Ctx) {
  return NextAuth(req as never, { params: await ctx.params } as never, getAuthOptions(requestOrigin(req.headers)));
}

export { handler as GET, handler as POST };
