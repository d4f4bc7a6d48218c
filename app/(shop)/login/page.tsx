/**
 * /login (spec §2 Login page): email or username and password, a link to /signup. Someone already
 * signed in goes straight on (admin → /admin, others → / or the safe `next` page).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { LoginForm } from '@/components/auth/login-form';
import { currentUser } from '@/lib/auth/current-user';
import { postLoginPath, safeNextPath } from '@/lib/auth/redirect';

export const metadata: Metadata = { title: 'Log in', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  const next = safeNextPath(typeof params.next === 'string' ? params.next : null);
  const user = await currentUser();
  if (user) redirect(postLoginPath(user.isAdmin, next));
  const signupHref = next ? `/signup?next=${encodeURIComponent(next)}` : '/signup';
  return (
    <AuthCard
      title="Welcome back"
      intro="Log in to see your cart, your orders and your saved addresses."
      footer={
        <>
          New to Totara Home?{' '}
          <Link href={signupHref} className="font-semibold text-brand underline-offset-4 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <LoginForm next={next} notice={params.registered === '1' ? 'Your account has been created. Please log in.' : undefined} />
    </AuthCard>
  );
}
