/** /register (linked from the home page, spec §2) is another name for /signup. */
import { redirect } from 'next/navigation';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RegisterPage({ searchParams }: Props) {
  const next = (await searchParams).next;
  redirect(typeof next === 'string' ? `/signup?next=${encodeURIComponent(next)}` : '/signup');
}
