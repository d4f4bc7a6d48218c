/**
 * next-auth configuration: a credentials provider (email or username + password) and a JWT
 * session in an httpOnly cookie. The JWT carries the user id and token version; the guard in
 * guards.ts re-checks both against the database on every request.
 */
import type { NextAuthOptions } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { login, loginAddress } from '@/lib/accounts/login';
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/errors';
import { loginSchema } from '@/lib/accounts/schemas';
import { authRedirect } from './redirect';
import { authSecret } from './secret';

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

declare module 'next-auth' {
  interface User {
    isAdmin: boolean;
    ver: number;
  }
  interface Session {
    user: { id: number; name: string; email: string; isAdmin: boolean };
  }
}
declare module 'next-auth/jwt' {
  interface JWT {
    uid?: number;
    ver?: number;
    isAdmin?: boolean;
  }
}

/**
 * Built on demand so that a missing AUTH_SECRET is reported at request time, not at build time.
 * @param requestOrigin the origin the request was made to (requestOrigin in ./redirect); redirects
 *   after sign-in and sign-out land there unless NEXTAUTH_URL names the shop's address
 */
export function getAuthOptions(requestOrigin?: string | null): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login' },
    providers: [
      Credentials({
        name: 'credentials',
        credentials: { identifier: { label: 'Email or username', type: 'text' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          // Same bounds as the REST login: both required, identifier ≤ 254, password ≤ 128 characters.
          const parsed = loginSchema.safeParse({ identifier: credentials?.identifier ?? '', password: credentials?.password ?? '' });
          if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Please enter your email or username and your password.');
          const { identifier, password } = parsed.data;
          try {
            // Counted against the same login limits as POST /api/users/login (lib/accounts/login.ts).
            const user = await login(identifier, password, loginAddress(req?.headers ?? {}));
            return { id: String(user.id), name: user.userName, email: user.email, isAdmin: user.isAdmin, ver: user.tokenVersion };
          } catch (e) {
            // next-auth passes an Error's message to the client as `error`.
            if (e instanceof AppError) throw new Error(e.message);
            throw e;
          }
        },
      }),
    ],
    callbacks: {
      // After sign-in or sign-out the browser stays on the origin it used (issue: Logout on another port).
      redirect: ({ url, baseUrl }) => authRedirect({ url, baseUrl, origin: env().NEXTAUTH_URL || !requestOrigin ? baseUrl : requestOrigin }),
      jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          token.ver = user.ver;
          token.isAdmin = user.isAdmin;
        }
        return token;
      },
      session({ session, token }) {
        session.user = { id: Number(token.uid), name: String(token.name ?? ''), email: String(token.email ?? ''), isAdmin: Boolean(token.isAdmin) };
        return session;
      },
    },
  };
}
