'use client';
/**
 * Proceed to Payment / Pay Later for a confirmed order (spec §4 Order flow): Proceed submits the order
 * with payment_method credit_card (POST /api/orders/submit) and opens /checkout/{id}; Pay Later
 * goes to /order.
 */
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { formatMoney } from '@/lib/money';
import { ApiError, api, serverMessage } from '@/lib/api/client';
import { buttonClasses } from '@/components/ui/button';

export function PayActions({ orderId, total, currency }: { orderId: number; total: number; currency: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function proceed() {
    setError(null);
    setPending(true);
    try {
      await api.orders.submit({ orderId, payment_method: 'credit_card' });
    } catch (e) {
      setPending(false);
      return setError((e instanceof ApiError && e.status === 409 && serverMessage(e)) || 'Failed to submit order. Please try again.');
    }
    router.push(`/checkout/${orderId}`);
  }

  return (
    <div className="mt-5 space-y-3">
      {error && (
        <p role="alert" className="rounded-lg border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      <button type="button" onClick={() => void proceed()} disabled={pending} className={buttonClasses('primary', 'lg', 'w-full')}>
        {pending ? 'Opening payment…' : `Proceed to Payment · ${formatMoney(total, currency)}`}
      </button>
      <button type="button" onClick={() => router.push('/order')} disabled={pending} className={buttonClasses('outline', 'lg', 'w-full')}>
        Pay Later
      </button>
    </div>
  );
}
