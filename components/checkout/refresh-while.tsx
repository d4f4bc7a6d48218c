'use client';
/**
 * Re-renders the page from the server every `seconds` while it is shown (the pay-later return
 * page while the payment is processing): the server component reads the state the webhook left.
 */
import { useEffect } from 'react';
import { useRouter } from 'next/navigation';

export function RefreshWhile({ seconds }: { seconds: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds]);
  return null;
}
