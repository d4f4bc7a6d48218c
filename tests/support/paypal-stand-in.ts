/**
 * A local stand-in for PayPal's REST API (Orders v2), answering with PayPal's documented shapes:
 *   POST /v1/oauth2/token                       (Basic client credentials) → {access_token, …}
 *   POST /v2/checkout/orders                    → 201 {id, status: 'CREATED', links}
 *   POST /v2/checkout/orders/{id}/capture       → 201 {id, status: 'COMPLETED', purchase_units[…captures]}
 *                                                 422 ORDER_NOT_APPROVED until approve(id);
 *                                                 422 ORDER_ALREADY_CAPTURED the second time
 *   GET  /v2/checkout/orders/{id}               → the order
 *   POST /v2/payments/captures/{id}/refund      → 201 {id, status: 'COMPLETED', amount}; 422
 *                                                 REFUND_AMOUNT_EXCEEDED beyond the capture
 *   POST /v1/notifications/verify-webhook-signature → {verification_status: 'SUCCESS' | 'FAILURE'}:
 *                                                 SUCCESS when the transmission was made by
 *                                                 `webhook()` for that webhook id and that event
 *                                                 (PayPal checks its certificate's signature over the
 *                                                 transmission id, time, webhook id and body CRC)
 * `webhook(type, resource)` builds a delivery as PayPal sends it (body and PAYPAL-* headers);
 * `dashboardRefund(captureId, value)` refunds a capture as PayPal's dashboard does (no request id)
 * and answers the refund resource PayPal's PAYMENT.CAPTURE.REFUNDED event carries.
 * `override(id, …)` makes a capture answer differently (e.g. PENDING, another amount).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
type PaypalOrder = {
  id: string;
  status: string;
  intent: string;
  purchase_units: { reference_id?: string; custom_id?: string; description?: string; amount: { currency_code: string; value: string }; payments?: Json }[];
  create_time: string;
  approved: boolean;
};

export type PaypalStandIn = {
  url: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, PaypalOrder>;
  requests: { method: string; path: string; requestId: string | null; body: unknown }[];
  /** Refunds made: capture id, amount value and PayPal-Request-Id. */
  refunds: { id: string; captureId: string; value: string; requestId: string | null }[];
  /** The id of the shop's webhook at this stand-in (PAYPAL_WEBHOOK_ID). */
  webhookId: string;
  /** The shop's PayPal settings for this stand-in (PAYPAL_CLIENT_ID, _SECRET, _API_BASE, _WEBHOOK_ID), to assign to process.env. */
  env: Record<'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_API_BASE' | 'PAYPAL_WEBHOOK_ID', string>;
  /** A webhook delivery of one event, signed for `webhookId` (or another id, to test a refusal). */
  webhook(type: string, resource: Json, opts?: { id?: string; webhookId?: string }): { body: string; headers: Record<string, string> };
  /** A refund made in PayPal's dashboard; answers the refund resource of its webhook event. */
  dashboardRefund(captureId: string, value: string): Json;
  /** The buyer approves the order (what the PayPal popup does). */
  approve(id: string): void;
  /** Makes the capture of `id` answer with this status / amount / currency. */
  override(id: string, capture: Partial<{ status: string; captureStatus: string; value: string; currency: string; customId: string }>): void;
  close(): Promise<void>;
};

export async function startPaypalStandIn(clientId = 'standin-client', clientSecret = 'standin-secret'): Promise<PaypalStandIn> {
  const orders = new Map<string, PaypalOrder>();
  const overrides = new Map<string, Partial<{ status: string; captureStatus: string; value: string; currency: string; customId: string }>>();
  const byRequestId = new Map<string, { status: number; body: unknown }>();
  const requests: PaypalStandIn['requests'] = [];
  const tokens = new Set<string>();
  const refunds: PaypalStandIn['refunds'] = [];
  let currentRequestId: string | null = null;

  const issue = (status: number, name: string, issueName: string, description: string) => ({
    status,
    body: { name, message: description, debug_id: crypto.randomBytes(6).toString('hex'), details: [{ issue: issueName, description }] },
  });
  const view = (o: PaypalOrder) => {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { approved, ...rest } = o;
    return { ...rest, links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${o.id}`, rel: 'approve', method: 'GET' }] };
  };

  function handle(method: string, path: string, body: Json, auth: string): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (auth !== expected) return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      const token = `A21AA${crypto.randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-STANDIN', expires_in: 32400, nonce: crypto.randomBytes(8).toString('hex') } };
    }
    if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) return issue(401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.');
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const units = body.purchase_units as PaypalOrder['purchase_units'] | undefined;
      if (body.intent !== 'CAPTURE' || !units?.[0]?.amount?.value) return issue(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
      const id = crypto.randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      const order: PaypalOrder = { id, status: 'CREATED', intent: 'CAPTURE', purchase_units: units, create_time: new Date().toISOString(), approved: false };
      orders.set(id, order);
      return { status: 201, body: view(order) };
    }
    let m: RegExpMatchArray | null;
    if ((m = path.match(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/)) && method === 'POST') {
      const order = orders.get(m[1]);
      if (!order) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      if (order.status === 'COMPLETED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
      if (!order.approved) return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      const o = overrides.get(order.id) ?? {};
      const unit = order.purchase_units[0];
      order.status = o.status ?? 'COMPLETED';
      unit.payments = {
        captures: [
          {
            id: crypto.randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
            status: o.captureStatus ?? (order.status === 'COMPLETED' ? 'COMPLETED' : 'PENDING'),
            amount: { currency_code: o.currency ?? unit.amount.currency_code, value: o.value ?? unit.amount.value },
            custom_id: o.customId ?? unit.custom_id,
            final_capture: true,
            create_time: new Date().toISOString(),
          },
        ],
      };
      return { status: 201, body: view(order) };
    }
    if ((m = path.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/)) && method === 'POST') {
      const captureId = m[1];
      const capture = [...orders.values()]
        .flatMap((o) => ((o.purchase_units[0].payments?.captures as { id: string; amount: { value: string; currency_code: string } }[] | undefined) ?? []))
        .find((c) => c.id === captureId);
      if (!capture) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      const value = (body.amount as { value?: string } | undefined)?.value ?? capture.amount.value;
      const done = refunds.filter((r) => r.captureId === captureId).reduce((s, r) => s + Math.round(Number(r.value) * 100), 0);
      if (done + Math.round(Number(value) * 100) > Math.round(Number(capture.amount.value) * 100)) return issue(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
      const refund = { id: crypto.randomBytes(9).toString('hex').toUpperCase().slice(0, 17), captureId, value, requestId: currentRequestId };
      refunds.push(refund);
      return { status: 201, body: { id: refund.id, status: 'COMPLETED', amount: { currency_code: capture.amount.currency_code, value }, links: [] } };
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const expected = transmissionSignature(String(body.transmission_id), String(body.transmission_time), String(body.webhook_id), JSON.stringify(body.webhook_event));
      return { status: 200, body: { verification_status: body.transmission_sig === expected && body.webhook_id === webhookId ? 'SUCCESS' : 'FAILURE' } };
    }
    if ((m = path.match(/^\/v2\/checkout\/orders\/([^/]+)$/)) && method === 'GET') {
      const order = orders.get(m[1]);
      return order ? { status: 200, body: view(order) } : issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    }
    return issue(404, 'NOT_FOUND', 'NOT_FOUND', `No route ${method} ${path}`);
  }

  const webhookId = `WH-${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
  const signingKey = crypto.randomBytes(32);
  /** The stand-in's transmission signature (PayPal's is an RSA signature by its certificate over the same facts). */
  const transmissionSignature = (id: string, time: string, hookId: string, body: string) =>
    crypto.createHmac('sha256', signingKey).update(`${id}|${time}|${hookId}|${crypto.createHash('sha256').update(body).digest('hex')}`).digest('base64');

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      let body: Json = {};
      if (raw && String(req.headers['content-type']).includes('json')) {
        try {
          body = JSON.parse(raw) as Json;
        } catch {
          body = {};
        }
      }
      const requestId = (req.headers['paypal-request-id'] as string | undefined) ?? null;
      requests.push({ method, path: url.pathname, requestId, body });
      const cacheKey = requestId ? `${url.pathname}|${requestId}` : null;
      let answer = cacheKey && method === 'POST' ? byRequestId.get(cacheKey) : undefined;
      if (!answer) {
        currentRequestId = requestId;
        answer = handle(method, url.pathname, body, String(req.headers.authorization ?? ''));
        if (cacheKey && method === 'POST' && answer.status < 300) byRequestId.set(cacheKey, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'paypal-debug-id': crypto.randomBytes(6).toString('hex') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    orders,
    requests,
    refunds,
    webhookId,
    env: { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_API_BASE: `http://127.0.0.1:${port}`, PAYPAL_WEBHOOK_ID: webhookId },
    webhook(type, resource, opts = {}) {
      const body = JSON.stringify({ id: opts.id ?? `WH-EVT-${crypto.randomBytes(8).toString('hex').toUpperCase()}`, event_version: '1.0', create_time: new Date().toISOString(), resource_type: 'refund', event_type: type, summary: type, resource });
      const transmissionId = crypto.randomUUID();
      const time = new Date().toISOString();
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-STANDIN',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': transmissionSignature(transmissionId, time, opts.webhookId ?? webhookId, body),
        },
      };
    },
    dashboardRefund(captureId, value) {
      const refund = { id: crypto.randomBytes(9).toString('hex').toUpperCase().slice(0, 17), captureId, value, requestId: null };
      refunds.push(refund);
      return {
        id: refund.id,
        status: 'COMPLETED',
        amount: { currency_code: 'NZD', value },
        links: [
          { href: `https://api-m.sandbox.paypal.com/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
          { href: `https://api-m.sandbox.paypal.com/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
        ],
      };
    },
    approve(id) {
      const order = orders.get(id);
      if (!order) throw new Error(`no PayPal order ${id}`);
      order.approved = true;
      order.status = 'APPROVED';
    },
    override(id, capture) {
      overrides.set(id, capture);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
