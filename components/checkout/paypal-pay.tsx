'use client';
/**
 * Pay with PayPal (spec §4 Payment, §7 POST /orders/{id}/completePayment; docs/architecture.md "PayPal").
 * With PAYPAL_CLIENT_ID: PayPal's own buttons; our server creates the PayPal order
 * (POST /api/payments/paypal/orders) and, once the buyer approves, captures and verifies it
 * (POST /api/orders/{id}/completePayment). Without keys: a clearly labelled demo approval.
 */
import { useState } from 'react';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { formatMoney } from '@/lib/money';
import type { PaymentsPublicConfig } from '@/lib/payments/config';
import { ApiError, api, serverMessage } from '@/lib/api/client';
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

const COMPLETE_FAILED = 'Failed to complete the payment. Please try again.';

/** Our server opens the PayPal order; throws an Error whose message is the one to show. */
async function createOrder(orderId: number): Promise<string> {
  try {
    return (await api.payments.createPaypalOrder(orderId)).id;
  } catch (e) {
    throw new Error(serverMessage(e) ?? 'Unable to process payment. Please try again later.');
  }
}

/** Captures the approved PayPal order: null when paid, else the message to show. */
async function complete(orderId: number, paypalOrderId: string): Promise<string | null> {
  try {
    await api.orders.completePaypal(orderId, paypalOrderId);
    return null;
  } catch (e) {
    return e instanceof ApiError && e.status === 402 ? COMPLETE_FAILED : (serverMessage(e) ?? COMPLETE_FAILED);
  }
}

function Buttons({ orderId, onPaid, onError }: Omit<Props, 'paypal' | 'total' | 'currency'>) {
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
      {isPending && <div role="status" className="h-12 animate-pulse rounded-full bg-canvas"><span className="sr-only">Loading PayPal…</span></div>}
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
          const problem = await complete(orderId, data.orderID);
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
    const problem = await complete(orderId, paypalOrder);
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
        <Buttons orderId={props.orderId} onPaid={props.onPaid} onError={props.onError} />
      </PayPalScriptProvider>
    );
  }
  return <p className="text-sm text-muted">PayPal is not available at the moment.</p>;
}
