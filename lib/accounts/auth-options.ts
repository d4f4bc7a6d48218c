/**
 * next-auth configuration: a credentials provider (email or username + password) and a JWT
 * session in an httpOnly cookie. The JWT carries the user id and the id of the session the sign-in
 * began (lib/auth/sessions.ts startSession); the guard in lib/auth/guards.ts re-checks both against
 * the database on every request, and signing out ends the session. An account with
 * two-factor sign-in on signs in in two requests: the password answers a challenge, the challenge
 * and a code the session (./sign-in-challenge.ts).
 *
 * In lib/accounts, not lib/auth: signing in is checking an account (login.ts, its rate limits,
 * authenticate.ts), while lib/auth — the session, the guards, authorize() — sits under every
 * domain, accounts included.
 */
import type { NextAuthOptions } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import type { User } from '@/db/schema';
import { loginAddress } from '@/lib/accounts/login';
import { relyingParty } from '@/lib/accounts/passkeys';
import { loginPasskeySchema } from '@/lib/accounts/passkey-schemas';
import { beginSignIn, completeSignIn, signInByPasskey, type SignInStep } from '@/lib/accounts/sign-in-challenge';
import { loginTwoFactorSchema, TWO_FACTOR_REQUIRED } from '@/lib/accounts/two-factor-schemas';
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/errors';
import { loginSchema } from '@/lib/accounts/schemas';
import { INVALID_CREDENTIALS } from '@/lib/accounts/authenticate';
import { authRedirect } from '@/lib/auth/redirect';
import { authSecret } from '@/lib/auth/secret';
import { endSession, sessionClient, SESSION_TTL_SECONDS, startSession } from '@/lib/auth/sessions';

export const SESSION_MAX_AGE_SECONDS = SESSION_TTL_SECONDS;

/**
 * Signs a checked user in for the browser: starts a `cookie` session (the one startSession every
 * sign-in path calls) and gives the user as next-auth keeps it in the session JWT.
 * @param headers the sign-in request's headers (address and user agent for the device list)
 */
export async function signInBrowser(user: User, headers: Record<string, string | string[] | undefined>) {
  const sid = await startSession(user.id, 'cookie', sessionClient(headers));
  return { id: String(user.id), name: user.userName, email: user.email, isAdmin: user.isAdmin, sid };
}

/**
 * An error as the sign-in log shows it: a failed database query without its SQL and parameters
 * (the identifier is personal data), anything else as it is.
 */
function loggableError(e: unknown): unknown {
  if (!(e instanceof Error) || !('query' in e)) return e;
  const cause = e.cause as { code?: string; message?: string } | undefined;
  return { error: 'Database query failed (SQL and parameters not logged)', code: cause?.code, cause: cause?.message };
}

/** JSON text as a value, or undefined when it is not JSON (the schema then refuses it). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

declare module 'next-auth' {
  interface User {
    isAdmin: boolean;
    sid: string;
  }
  interface Session {
    user: { id: number; name: string; email: string; isAdmin: boolean };
  }
}
declare module 'next-auth/jwt' {
  interface JWT {
    uid?: number;
    sid?: string;
    isAdmin?: boolean;
  }
}

/** Per-request facts next-auth's options depend on. */
export type AuthRequestContext = {
  /** The request was made over https (servedOverHttps in ./cookies, which counts an https NEXTAUTH_URL too): next-auth's cookies are Secure and prefixed. */
  https?: boolean;
};

/**
 * Built on demand so that a missing AUTH_SECRET is reported at request time, not at build time.
 * @param requestOrigin the origin the request was made to (requestOrigin in ./redirect); redirects
 *   after sign-in and sign-out land there unless NEXTAUTH_URL names the shop's address
 * @param context per-request facts: whether it came over https (the cookie rule, ./cookies);
 *   without it, only an https NEXTAUTH_URL makes cookies Secure (next-auth's own default)
 */
export function getAuthOptions(requestOrigin?: string | null, context: AuthRequestContext = {}): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    // next-auth's own error page (GET /api/auth/error) sends the browser to the login page instead;
    // its `error` parameter is not shown there.
    pages: { signIn: '/login', error: '/login' },
    ...(context.https !== undefined && { useSecureCookies: context.https }),
    providers: [
      Credentials({
        name: 'credentials',
        credentials: {
          identifier: { label: 'Email or username', type: 'text' },
          password: { label: 'Password', type: 'password' },
          // The second step of two-factor sign-in (./sign-in-challenge.ts): the challenge the password step gave, and a code.
          challenge: { label: 'Challenge', type: 'hidden' },
          code: { label: 'Code', type: 'text' },
          // A passkey's answer (JSON; lib/accounts/passkeys.ts): with the challenge the second step, alone a sign-in of its own.
          passkey: { label: 'Passkey', type: 'hidden' },
        },
        async authorize(credentials, req) {
          const address = loginAddress(req?.headers ?? {});
          // A NUL byte can be in no identifier the shop stores, and PostgreSQL refuses it in a query.
          if (Object.values(credentials ?? {}).some((v) => String(v).includes('\u0000'))) throw new Error(INVALID_CREDENTIALS);
          // Same bounds as the REST routes: POST /api/users/login/two-factor for the second step,
          // POST /api/users/login (identifier ≤ 254, password ≤ 128 characters) for the first.
          const passkey = credentials?.passkey ? loginPasskeySchema.safeParse({ challenge: credentials.challenge || undefined, response: parseJson(credentials.passkey) }) : undefined;
          if (passkey && !passkey.success) throw new Error(INVALID_CREDENTIALS);
          const second = credentials?.challenge && !passkey ? loginTwoFactorSchema.safeParse({ challenge: credentials.challenge, code: credentials.code ?? '' }) : undefined;
          if (second && !second.success) throw new Error(second.error.issues[0]?.message ?? INVALID_CREDENTIALS);
          const first = second || passkey ? undefined : loginSchema.safeParse({ identifier: credentials?.identifier ?? '', password: credentials?.password ?? '' });
          if (first && !first.success) throw new Error(first.error.issues[0]?.message ?? 'Please enter your email or username and your password.');
          let step: SignInStep;
          try {
            // Both steps count against the same login limits as the REST login (lib/accounts/login.ts).
            if (passkey?.success) step = { kind: 'signed-in', user: await signInByPasskey(passkey.data, relyingParty(req?.headers ?? {}), address) };
            else if (second?.success) step = { kind: 'signed-in', user: await completeSignIn(second.data.challenge, { code: second.data.code }, address) };
            else if (first?.success) step = await beginSignIn(first.data.identifier, first.data.password, address);
            else return null;
          } catch (e) {
            // next-auth passes an Error's message to the client as `error`, in the URL it answers
            // with: only the spec's messages (spec §5 Login) may get there.
            if (e instanceof AppError) throw new Error(e.message);
            // Anything else (the database unreachable …) is logged, and the browser gets next-auth's
            // generic failure (CredentialsSignin: "Failed to login. Please try again.", spec §8).
            console.error('[auth] sign-in failed unexpectedly', loggableError(e));
            return null;
          }
          // No session yet: the login form reads the challenge from this message and asks for a
          // code; the challenge alone signs nobody in.
          if (step.kind === 'two-factor') throw new Error(`${TWO_FACTOR_REQUIRED}${step.challenge}`);
          return signInBrowser(step.user, req?.headers ?? {});
        },
      }),
    ],
    events: {
      // Signing out ends the session at once (the cookie alone would otherwise stay valid until it expires).
      async signOut({ token }) {
        if (token?.sid) await endSession(token.sid);
      },
    },
    callbacks: {
      // After sign-in or sign-out the browser stays on the origin it used (issue: Logout on another port).
      redirect: ({ url, baseUrl }) => authRedirect({ url, baseUrl, origin: env().NEXTAUTH_URL || !requestOrigin ? baseUrl : requestOrigin }),
      jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          token.sid = user.sid;
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
