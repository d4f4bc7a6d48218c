/**
 * /signup (spec §2 Sign Up page): username, email, password, confirm password; a link to /login.
 * Someone already signed in goes straight on.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { SignupForm } from '@/components/auth/signup-form';
import { currentUser } from '@/lib/auth/current-user';
import { postLoginPath, safeNextPath } from '@/lib/auth/redirect';

export const metadata: Metadata = { title: 'Sign up', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignupPage({ searchParams }: Props) {
  const params = await searchParams;
  const next = safeNextPath(typeof params.next === 'string' ? params.next : null);
  const user = await currentUser();
  if (user) redirect(postLoginPath(user.isAdmin, next));
  const loginHref = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  return (
    <AuthCard
      title="Create your account"
      intro="Save your favourite pieces to a cart, check out quickly and follow your deliveries."
      footer={
        <>
          Already have an account?{' '}
          <Link href={loginHref} className="font-semibold text-brand underline-offset-4 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <SignupForm next={next} />
    </AuthCard>
  );
}
