'use client';
/**
 * Pay with PayPal (spec §4 Payment, §7 POST /orders/{id}/completePayment; DESIGN.md "PayPal").
 * With PAYPAL_CLIENT_ID: PayPal's own buttons; our server creates the PayPal order
 * (POST /api/payments/paypal/orders) and, once the buyer approves, captures and verifies it
 * (POST /api/orders/{id}/completePayment). Without keys: a clearly labelled demo approval.
 */
import { useState } from 'react';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { formatMoney } from '@/lib/money';
import type { PaymentsPublicConfig } from '@/lib/payments/config';
import { api } from '@/components/cart/request';
import { buttonClasses } from '@/components/ui/button';
import { DemoDialog } from './demo-dialog';

type Props = {
  orderId: number;
  total: number;
  currency: string;
  paypal: PaymentsPublicConfig['paypal'];
  onPaid: () => void;
  onError: (message: string) => void;
};

const PROCESSING_ERROR = 'There was an error processing your payment. Please try again.';

async function createOrder(orderId: number): Promise<string> {
  const res = await api<{ id: string }>('/api/payments/paypal/orders', { method: 'POST', body: { orderId } });
  if (!res.ok) throw new Error(res.message ?? 'Unable to process payment. Please try again later.');
  return res.data.id;
}

async function complete(orderId: number, paypalOrderId: string, currency: string): Promise<string | null> {
  const res = await api(`/api/orders/${orderId}/completePayment`, { method: 'POST', body: { paypalOrderId, paymentStatus: 'COMPLETED', currency } });
  if (res.ok) return null;
  return res.status === 402 || res.status === 0 ? 'Failed to complete the payment. Please try again.' : (res.message ?? 'Failed to complete the payment. Please try again.');
}

function Buttons({ orderId, currency, onPaid, onError }: Omit<Props, 'paypal' | 'total'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected) {
    return (
      <p role="alert" className="text-sm text-danger">
        PayPal could not be loaded. Please try again later or pay by card.
      </p>
    );
  }
  return (
    <>
      {isPending && <div className="h-12 animate-pulse rounded-full bg-canvas" aria-label="Loading PayPal" />}
      <PayPalButtons
        style={{ layout: 'horizontal', shape: 'pill', tagline: false, height: 44 }}
        createOrder={async () => {
          try {
            return await createOrder(orderId);
          } catch (e) {
            onError((e as Error).message);
            throw e;
          }
        }}
        onApprove={async (data) => {
          const problem = await complete(orderId, data.orderID, currency);
          if (problem) onError(problem);
          else onPaid();
        }}
        onError={(err) => {
          console.error('[paypal] buttons error', err);
          onError(PROCESSING_ERROR);
        }}
      />
    </>
  );
}

function DemoPaypal({ orderId, total, currency, onPaid, onError }: Omit<Props, 'paypal'>) {
  const [paypalOrder, setPaypalOrder] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      setPaypalOrder(await createOrder(orderId));
    } catch (e) {
      onError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function approve() {
    if (!paypalOrder) return;
    setBusy(true);
    const problem = await complete(orderId, paypalOrder, currency);
    setBusy(false);
    setPaypalOrder(null);
    if (problem) onError(problem);
    else onPaid();
  }

  return (
    <>
      <button type="button" onClick={() => void start()} disabled={busy} className={buttonClasses('outline', 'lg', 'w-full border-[#ffc439] bg-[#ffc439] text-[#111] hover:border-[#f2b600] hover:bg-[#f2b600] hover:text-[#111]')}>
        {busy && !paypalOrder ? 'Contacting PayPal…' : 'Pay with PayPal (demo)'}
      </button>
      <p className="mt-2 text-xs text-muted">Demo PayPal — no PayPal account is charged.</p>
      <DemoDialog
        open={paypalOrder !== null}
        title="Approve your PayPal payment"
        description={`Approve a payment of ${formatMoney(total, currency)} to Totara Home for order #${orderId}. In the live shop this step happens in PayPal's window.`}
        confirmLabel="Approve payment"
        cancelLabel="Cancel"
        busy={busy}
        onConfirm={() => void approve()}
        onCancel={() => setPaypalOrder(null)}
      />
    </>
  );
}

export function PaypalPay(props: Props) {
  const { paypal } = props;
  if (paypal.mode === 'demo') return <DemoPaypal {...props} />;
  if (paypal.mode === 'paypal' && paypal.clientId) {
    return (
      <PayPalScriptProvider options={{ clientId: paypal.clientId, currency: props.currency, intent: 'capture', components: 'buttons' }}>
        <Buttons orderId={props.orderId} currency={props.currency} onPaid={props.onPaid} onError={props.onError} />
      </PayPalScriptProvider>
    );
  }
  return <p className="text-sm text-muted">PayPal is not available at the moment.</p>;
}
