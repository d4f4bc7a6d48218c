/**
 * PayPal (spec §4 Payment, §7 POST /orders/{id}/completePayment; docs/architecture.md "PayPal completePayment").
 *
 * The server creates the PayPal order and later captures it itself through the Orders v2 API
 * (fetch + OAuth client credentials against PAYPAL_API_BASE, default the sandbox); the browser
 * only approves it. Without keys a clearly labelled demo approval stands in (no network).
 * Amounts are integer cents here and PayPal's "123.45" strings on the wire.
 */
import 'server-only';
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { payments } from '@/db/schema';
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/errors';
import { toCents } from '@/lib/money';
import { paypalMode } from './config';
import { paymentsUnavailable } from './gateway';

export const PAYPAL_SANDBOX = 'https://api-m.sandbox.paypal.com';

/** What PayPal says about an order after capture (or when it was captured before). */
export type PaypalCapture = {
  /** Order status: COMPLETED when captured. */
  orderStatus: string;
  captureId: string | null;
  /** Capture status: COMPLETED when the money moved. */
  captureStatus: string | null;
  amountCents: number | null;
  currency: string | null;
  /** Our order id, as sent in purchase_units[0].custom_id. */
  customId: string | null;
  /** PayPal's reason when it refused (e.g. ORDER_NOT_APPROVED). */
  issue?: string;
};

export interface PaypalGateway {
  /** Stored as payments.provider: 'paypal' or 'demo_paypal'. */
  readonly provider: 'paypal' | 'demo_paypal';
  createOrder(req: { orderId: number; amountCents: number; currency: string; requestId: string }): Promise<{ id: string }>;
  captureOrder(paypalOrderId: string, requestId: string): Promise<PaypalCapture>;
  /**
   * Refunds part or all of a capture (Payments v2 POST /v2/payments/captures/{capture_id}/refund),
   * once per `requestId` (PayPal-Request-Id). `captureId` null: read from the PayPal order first.
   * @returns PayPal's refund id and status (COMPLETED, PENDING, FAILED, CANCELLED) or, when PayPal
   *   refused it (4xx), `{ id: null, status: 'REFUSED', issue }`.
   * @throws AppError provider_error when PayPal cannot be reached or answers 5xx (the refund stays pending and is retried).
   */
  refundCapture(req: { paypalOrderId: string; captureId: string | null; amountCents: number; currency: string; requestId: string }): Promise<PaypalRefund>;
}

/** PayPal's transmission headers of a webhook delivery, as received (lower-case names). */
export type PaypalTransmission = { authAlgo: string; certUrl: string; transmissionId: string; transmissionSig: string; transmissionTime: string };

/** What PayPal says about a refund of a capture. */
export type PaypalRefund = { id: string | null; status: string; issue?: string };

const toValue = (cents: number) => (cents / 100).toFixed(2);

type PaypalOrderJson = {
  id?: string;
  status?: string;
  purchase_units?: {
    custom_id?: string;
    payments?: { captures?: { id?: string; status?: string; custom_id?: string; amount?: { currency_code?: string; value?: string } }[] };
  }[];
};

/** Reads the first purchase unit's first capture out of a PayPal order response. */
export function readCapture(order: PaypalOrderJson): PaypalCapture {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const cents = capture?.amount?.value !== undefined ? toCents(capture.amount.value) : Number.NaN;
  return {
    orderStatus: order.status ?? 'UNKNOWN',
    captureId: capture?.id ?? null,
    captureStatus: capture?.status ?? null,
    amountCents: Number.isFinite(cents) ? cents : null,
    currency: capture?.amount?.currency_code ?? null,
    customId: capture?.custom_id ?? unit?.custom_id ?? null,
  };
}

const tokenCache = new Map<string, { token: string; expiresAt: number }>();

function providerDown(e: unknown, what: string): never {
  console.error(`[paypal] ${what} failed`, e);
  throw new AppError('provider_error', 'Unable to process payment. Please try again later.');
}

/** The real PayPal adapter: the gateway, and the check of a webhook delivery. */
export type PaypalRestGateway = PaypalGateway & {
  /**
   * Asks PayPal whether a webhook delivery is genuine (Webhooks v1 POST
   * /v1/notifications/verify-webhook-signature with the transmission headers, our webhook id and
   * the event as received). @returns true only for verification_status SUCCESS.
   * @throws AppError provider_error when PayPal cannot be reached or answers 5xx (PayPal retries the delivery).
   */
  verifyWebhook(transmission: PaypalTransmission, webhookId: string, event: unknown): Promise<boolean>;
};

/** The real PayPal Orders v2 adapter. */
export function paypalRestGateway(): PaypalRestGateway {
  const e = env();
  const base = (e.PAYPAL_API_BASE ?? PAYPAL_SANDBOX).replace(/\/$/, '');
  const clientId = e.PAYPAL_CLIENT_ID!;
  const secret = e.PAYPAL_CLIENT_SECRET!;

  async function accessToken(): Promise<string> {
    const cacheKey = `${base}|${clientId}`;
    const cached = tokenCache.get(cacheKey);
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    let res: Response;
    try {
      res = await fetch(`${base}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'grant_type=client_credentials',
      });
    } catch (err) {
      providerDown(err, 'oauth2/token');
    }
    if (!res.ok) providerDown(`${res.status} ${await res.text()}`, 'oauth2/token');
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    tokenCache.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 300) * 1000 });
    return body.access_token;
  }

  async function call(method: string, path: string, requestId?: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const token = await accessToken();
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
          prefer: 'return=representation',
          ...(requestId ? { 'paypal-request-id': requestId } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      providerDown(err, `${method} ${path}`);
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = { raw: text };
    }
    return { status: res.status, json };
  }

  const issueOf = (json: Record<string, unknown>) => ((json.details as { issue?: string }[] | undefined)?.[0]?.issue ?? (json.name as string | undefined) ?? 'UNKNOWN');

  return {
    provider: 'paypal',

    async verifyWebhook(transmission, webhookId, event) {
      const { status, json } = await call('POST', '/v1/notifications/verify-webhook-signature', undefined, {
        auth_algo: transmission.authAlgo,
        cert_url: transmission.certUrl,
        transmission_id: transmission.transmissionId,
        transmission_sig: transmission.transmissionSig,
        transmission_time: transmission.transmissionTime,
        webhook_id: webhookId,
        webhook_event: event,
      });
      if (status >= 500) providerDown(`${status} ${JSON.stringify(json)}`, 'verify webhook signature');
      return status < 300 && json.verification_status === 'SUCCESS';
    },

    async createOrder(req) {
      const { status, json } = await call('POST', '/v2/checkout/orders', req.requestId, {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: `order-${req.orderId}`,
            custom_id: String(req.orderId),
            description: `Totara Home order #${req.orderId}`,
            amount: { currency_code: req.currency, value: toValue(req.amountCents) },
          },
        ],
      });
      if (status >= 300 || typeof json.id !== 'string') providerDown(`${status} ${JSON.stringify(json)}`, 'create order');
      return { id: json.id as string };
    },

    async captureOrder(paypalOrderId, requestId) {
      const path = `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`;
      const { status, json } = await call('POST', `${path}/capture`, requestId, {});
      if (status < 300) return readCapture(json as PaypalOrderJson);
      const issue = issueOf(json);
      if (issue === 'ORDER_ALREADY_CAPTURED') {
        const again = await call('GET', path);
        if (again.status < 300) return readCapture(again.json as PaypalOrderJson);
      }
      if (status >= 500) providerDown(`${status} ${JSON.stringify(json)}`, 'capture');
      return { orderStatus: 'NOT_CAPTURED', captureId: null, captureStatus: null, amountCents: null, currency: null, customId: null, issue };
    },

    async refundCapture(req) {
      let captureId = req.captureId;
      if (!captureId) {
        const order = await call('GET', `/v2/checkout/orders/${encodeURIComponent(req.paypalOrderId)}`);
        if (order.status >= 500) providerDown(`${order.status} ${JSON.stringify(order.json)}`, 'order lookup for a refund');
        captureId = order.status < 300 ? readCapture(order.json as PaypalOrderJson).captureId : null;
        if (!captureId) return { id: null, status: 'REFUSED', issue: 'CAPTURE_NOT_FOUND' };
      }
      const { status, json } = await call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, req.requestId, {
        amount: { currency_code: req.currency, value: toValue(req.amountCents) },
        invoice_id: req.requestId,
      });
      if (status >= 500) providerDown(`${status} ${JSON.stringify(json)}`, 'capture refund');
      if (status >= 300) return { id: null, status: 'REFUSED', issue: issueOf(json) };
      return { id: typeof json.id === 'string' ? json.id : null, status: String(json.status ?? 'PENDING') };
    },
  };
}

/** The demo approval: PayPal's answers, derived from the payment row we stored at creation. */
export const demoPaypalGateway: PaypalGateway = {
  provider: 'demo_paypal',

  async createOrder() {
    return { id: `DEMO-${crypto.randomBytes(8).toString('hex').toUpperCase()}` };
  },

  async captureOrder(paypalOrderId) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'demo_paypal'), eq(payments.providerPaymentId, paypalOrderId)))
      .limit(1);
    if (!row) return { orderStatus: 'NOT_FOUND', captureId: null, captureStatus: null, amountCents: null, currency: null, customId: null, issue: 'RESOURCE_NOT_FOUND' };
    return {
      orderStatus: 'COMPLETED',
      captureId: `DEMOCAP-${paypalOrderId.slice(5)}`,
      captureStatus: 'COMPLETED',
      amountCents: row.amount,
      currency: row.currency,
      customId: String(row.orderId),
    };
  },

  async refundCapture(req) {
    return { id: `DEMOREF-${crypto.createHash('sha256').update(req.requestId).digest('hex').slice(0, 16).toUpperCase()}`, status: 'COMPLETED' };
  },
};

/** The PayPal gateway for this configuration; throws when none may run. */
export function getPaypalGateway(): PaypalGateway {
  const mode = paypalMode();
  if (mode === 'paypal') return paypalRestGateway();
  if (mode === 'demo') return demoPaypalGateway;
  throw paymentsUnavailable();
}
