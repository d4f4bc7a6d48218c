/**
 * A local stand-in for the Stripe REST API (docs/architecture.md: adapters are tested with the real SDK
 * against a stand-in that answers with Stripe's documented JSON shapes). It serves only the paths
 * lib/payments uses:
 *   POST /v1/customers                          → customer
 *   POST /v1/payment_methods/{id}/attach        → payment_method (test tokens such as pm_card_visa
 *                                                 become a new pm_… id, as at Stripe)
 *   POST /v1/payment_methods/{id}/detach        → payment_method
 *   GET  /v1/payment_methods/{id}               → payment_method
 *   POST /v1/payment_intents (confirm=true)     → payment_intent: succeeded | requires_action;
 *                                                 402 card_error for declines; with
 *                                                 setup_future_usage and a customer the card is
 *                                                 attached to the customer once it succeeds
 *   (attach refuses a declining test card with 402 card_declined, as Stripe's bank check does)
 *   POST /v1/payment_intents (allowed_payment_method_types, no payment_method)
 *                                               → payment_intent in requires_payment_method, for
 *                                                 the browser to confirm (`confirmInBrowser` plays
 *                                                 Stripe.js and the Payment Element)
 *   GET  /v1/payment_intents/{id}               → payment_intent
 *   POST /v1/refunds (payment_intent, amount)   → refund: succeeded (or `refundOutcome`: pending, failed);
 *                                                 400 charge_already_refunded / amount too large
 * Idempotency-Key is honoured like Stripe does (same key → the same saved response; the same key
 * with other parameters → 400 idempotency_error).
 *   const stripe = await startStripeStandIn();  process.env.STRIPE_API_BASE = stripe.url;
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

type Json = Record<string, unknown>;

const TEST_TOKENS: Record<string, { brand: string; last4: string; outcome: 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'insufficient_funds' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3155', outcome: 'authenticate' },
};

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (a[b]=c, a[0]=x) into nested objects. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Json = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return out;
}

export type StripeStandIn = {
  url: string;
  secretKey: string;
  /** Requests seen, e.g. "POST /v1/payment_intents". */
  requests: { method: string; path: string; idempotencyKey: string | null; body: Json }[];
  customers: Map<string, Json>;
  paymentMethods: Map<string, Json & { outcome: string }>;
  paymentIntents: Map<string, Json>;
  /** Refunds really created (idempotent replays not counted), by id. */
  refunds: Map<string, Json>;
  /** The status the next refunds are created with (default succeeded). */
  refundOutcome: { status: 'succeeded' | 'pending' | 'failed' };
  /** PaymentIntents really created (idempotent replays not counted). */
  intentsCreated: () => number;
  /**
   * Confirms an unconfirmed PaymentIntent with a test card entered in the Payment Element, as
   * stripe.confirmPayment does: succeeded (the card attached to the customer when the intent asks
   * for setup_future_usage on cards), requires_action for 3-D Secure, or a decline.
   */
  confirmInBrowser(id: string, token: string): Json;
  /** Finishes 3-D Secure for a PaymentIntent, as the shopper would in Stripe.js. */
  completeAuthentication(id: string, succeed?: boolean): Json;
  close(): Promise<void>;
};

export async function startStripeStandIn(secretKey = 'sk_test_standin'): Promise<StripeStandIn> {
  const customers = new Map<string, Json>();
  const paymentMethods = new Map<string, Json & { outcome: string }>();
  const paymentIntents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const refundOutcome: StripeStandIn['refundOutcome'] = { status: 'succeeded' };
  const idempotent = new Map<string, { status: number; body: Json; params: string }>();
  const requests: StripeStandIn['requests'] = [];
  let created = 0;

  const error = (status: number, type: string, message: string, extra: Json = {}) => ({ status, body: { error: { type, message, ...extra } } });

  function publicPm(pm: Json & { outcome: string }): Json {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { outcome, ...rest } = pm;
    return rest;
  }

  function newPaymentMethod(token: string): Json & { outcome: string } {
    const test = TEST_TOKENS[token];
    const pm = {
      id: rid('pm'),
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: { brand: test.brand, last4: test.last4, exp_month: 12, exp_year: new Date().getFullYear() + 3, country: 'US', funding: 'credit' },
      billing_details: {},
      created: now(),
      livemode: false,
      outcome: test.outcome,
    } as Json & { outcome: string };
    paymentMethods.set(pm.id as string, pm);
    return pm;
  }

  /** setup_future_usage with a customer: the PaymentMethod is attached once the PaymentIntent succeeds. */
  function attachForFutureUse(pi: Json) {
    const perCard = ((pi.payment_method_options as Json | undefined)?.card as Json | undefined)?.setup_future_usage;
    if (pi.status !== 'succeeded' || !(pi.setup_future_usage || perCard) || !pi.customer) return;
    const pm = paymentMethods.get(String(pi.payment_method));
    if (pm) pm.customer = pi.customer;
  }

  /**
   * An intent the browser confirms (Afterpay, Klarna): allowed_payment_method_types and no
   * payment_method; it waits in requires_payment_method, as at Stripe.
   */
  function createUnconfirmedIntent(params: Json, amount: number): { status: number; body: Json } {
    const types = Object.values((params.allowed_payment_method_types ?? {}) as Json).map(String);
    if (types.length === 0) return error(400, 'invalid_request_error', 'Missing required param: allowed_payment_method_types.', { param: 'allowed_payment_method_types' });
    if (params.customer !== undefined && !customers.has(String(params.customer))) return error(400, 'invalid_request_error', `No such customer: '${String(params.customer)}'`, { code: 'resource_missing', param: 'customer' });
    const id = rid('pi');
    created += 1;
    const pi: Json = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(params.currency),
      customer: params.customer ?? null,
      description: params.description ?? null,
      payment_method: null,
      payment_method_types: types,
      payment_method_options: params.payment_method_options ?? {},
      setup_future_usage: params.setup_future_usage ?? null,
      metadata: params.metadata ?? {},
      client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
      status: 'requires_payment_method',
      last_payment_error: null,
      next_action: null,
      created: now(),
      livemode: false,
    };
    paymentIntents.set(id, pi);
    return { status: 200, body: pi };
  }

  function createIntent(params: Json): { status: number; body: Json } {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) return error(400, 'invalid_request_error', 'Amount must be at least 50 cents.', { param: 'amount', code: 'amount_too_small' });
    if (params.payment_method === undefined && params.allowed_payment_method_types !== undefined) return createUnconfirmedIntent(params, amount);
    const token = String(params.payment_method ?? '');
    // A test token becomes a PaymentMethod of its own, as at Stripe.
    const pm = paymentMethods.get(token) ?? (TEST_TOKENS[token] ? newPaymentMethod(token) : undefined);
    if (!pm) return error(400, 'invalid_request_error', `No such PaymentMethod: '${token}'`, { code: 'resource_missing', param: 'payment_method' });
    const pmId = pm.id as string;
    if (params.customer !== undefined && !customers.has(String(params.customer))) return error(400, 'invalid_request_error', `No such customer: '${String(params.customer)}'`, { code: 'resource_missing', param: 'customer' });
    if (params.setup_future_usage !== undefined && !['on_session', 'off_session'].includes(String(params.setup_future_usage))) {
      return error(400, 'invalid_request_error', 'Invalid setup_future_usage.', { param: 'setup_future_usage' });
    }
    const id = rid('pi');
    created += 1;
    const pi: Json = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(params.currency),
      customer: params.customer ?? null,
      description: params.description ?? null,
      payment_method: pmId,
      setup_future_usage: params.setup_future_usage ?? null,
      metadata: params.metadata ?? {},
      client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
      status: 'requires_payment_method',
      last_payment_error: null,
      next_action: null,
      created: now(),
      livemode: false,
    };
    paymentIntents.set(id, pi);
    if (params.confirm !== 'true') {
      pi.status = 'requires_confirmation';
      return { status: 200, body: pi };
    }
    switch (pm.outcome) {
      case 'succeed':
        Object.assign(pi, { status: 'succeeded', amount_received: amount });
        attachForFutureUse(pi);
        return { status: 200, body: pi };
      case 'authenticate':
        Object.assign(pi, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } } });
        return { status: 200, body: pi };
      default: {
        const insufficient = pm.outcome === 'insufficient_funds';
        const lastError = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: insufficient ? 'insufficient_funds' : 'generic_decline',
          message: insufficient ? 'Your card has insufficient funds.' : 'Your card was declined.',
        };
        Object.assign(pi, { status: 'requires_payment_method', last_payment_error: lastError });
        return error(402, 'card_error', lastError.message, { code: lastError.code, decline_code: lastError.decline_code, payment_intent: pi, request_log_url: 'https://dashboard.stripe.com/test/logs' });
      }
    }
  }

  function createRefund(params: Json): { status: number; body: Json } {
    const pi = paymentIntents.get(String(params.payment_intent ?? ''));
    if (!pi) return error(400, 'invalid_request_error', `No such payment_intent: '${String(params.payment_intent)}'`, { code: 'resource_missing', param: 'payment_intent' });
    if (pi.status !== 'succeeded') return error(400, 'invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.', { code: 'charge_not_refundable' });
    const refunded = [...refunds.values()].filter((r) => r.payment_intent === pi.id && r.status !== 'failed').reduce((s, r) => s + Number(r.amount), 0);
    const left = Number(pi.amount_received) - refunded;
    if (left <= 0) return error(400, 'invalid_request_error', `Charge for PaymentIntent ${String(pi.id)} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (amount > left) return error(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`, { code: 'amount_too_large', param: 'amount' });
    const refund: Json = {
      id: rid('re'),
      object: 'refund',
      amount,
      currency: pi.currency,
      payment_intent: pi.id,
      charge: `ch_${String(pi.id).slice(3)}`,
      status: refundOutcome.status,
      failure_reason: refundOutcome.status === 'failed' ? 'declined' : null,
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      created: now(),
    };
    refunds.set(refund.id as string, refund);
    return { status: 200, body: refund };
  }

  function handle(method: string, path: string, params: Json): { status: number; body: Json } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: rid('cus'), object: 'customer', email: params.email ?? null, name: params.name ?? null, metadata: params.metadata ?? {}, created: now(), livemode: false };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/)) && method === 'POST') {
      const token = decodeURIComponent(m[1]);
      const customer = String(params.customer ?? '');
      if (!customers.has(customer)) return error(400, 'invalid_request_error', `No such customer: '${customer}'`, { code: 'resource_missing', param: 'customer' });
      const known = paymentMethods.get(token);
      const test = TEST_TOKENS[token];
      if (!known && !test) return error(400, 'invalid_request_error', `No such PaymentMethod: '${token}'`, { code: 'resource_missing' });
      // Attaching checks the card with its bank: a declining card is refused (Stripe's test card
      // 4000 0000 0000 0341 is the one that attaches and declines later; not used here).
      const outcome = known?.outcome ?? test.outcome;
      if (outcome === 'decline' || outcome === 'insufficient_funds') {
        const insufficient = outcome === 'insufficient_funds';
        return error(402, 'card_error', insufficient ? 'Your card has insufficient funds.' : 'Your card was declined.', { code: 'card_declined', decline_code: insufficient ? 'insufficient_funds' : 'generic_decline' });
      }
      const pm = known ?? newPaymentMethod(token);
      pm.customer = customer;
      return { status: 200, body: publicPm(pm) };
    }
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/)) && method === 'POST') {
      const pm = paymentMethods.get(decodeURIComponent(m[1]));
      if (!pm) return error(404, 'invalid_request_error', 'No such PaymentMethod', { code: 'resource_missing' });
      pm.customer = null;
      return { status: 200, body: publicPm(pm) };
    }
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)$/)) && method === 'GET') {
      const pm = paymentMethods.get(decodeURIComponent(m[1]));
      return pm ? { status: 200, body: publicPm(pm) } : error(404, 'invalid_request_error', 'No such PaymentMethod', { code: 'resource_missing' });
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/)) && method === 'POST') {
      const pi = paymentIntents.get(decodeURIComponent(m[1]));
      if (!pi) return error(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, { code: 'resource_missing' });
      if (['succeeded', 'canceled', 'processing'].includes(String(pi.status))) {
        return error(400, 'invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}.`, { code: 'payment_intent_unexpected_state' });
      }
      pi.status = 'canceled';
      return { status: 200, body: pi };
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)$/)) && method === 'GET') {
      const pi = paymentIntents.get(decodeURIComponent(m[1]));
      return pi ? { status: 200, body: pi } : error(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, { code: 'resource_missing' });
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const params = parseStripeForm(method === 'GET' ? url.searchParams.toString() : raw);
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method, path: url.pathname, idempotencyKey: key, body: params });
      let answer: { status: number; body: Json };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        answer = error(401, 'invalid_request_error', 'Invalid API Key provided.');
      } else if (key && method === 'POST' && idempotent.has(`${url.pathname}|${key}`)) {
        const saved = idempotent.get(`${url.pathname}|${key}`)!;
        answer =
          saved.params === JSON.stringify(params)
            ? saved
            : error(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
      } else {
        answer = handle(method, url.pathname, params);
        if (key && method === 'POST') idempotent.set(`${url.pathname}|${key}`, { ...answer, params: JSON.stringify(params) });
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': rid('req'), ...(key ? { 'idempotency-key': key } : {}) });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    customers,
    paymentMethods,
    paymentIntents,
    refunds,
    refundOutcome,
    intentsCreated: () => created,
    confirmInBrowser(id, token) {
      const pi = paymentIntents.get(id);
      if (!pi) throw new Error(`no PaymentIntent ${id}`);
      if (pi.status !== 'requires_payment_method' || !(pi.payment_method_types as string[] | undefined)?.includes('card')) throw new Error(`PaymentIntent ${id} (${String(pi.status)}) cannot be confirmed with a card`);
      const pm = newPaymentMethod(token);
      pi.payment_method = pm.id;
      if (pm.outcome === 'succeed') {
        Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, last_payment_error: null });
        attachForFutureUse(pi);
      } else if (pm.outcome === 'authenticate') {
        Object.assign(pi, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } } });
      } else {
        Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
      }
      return pi;
    },
    completeAuthentication(id, succeed = true) {
      const pi = paymentIntents.get(id);
      if (!pi) throw new Error(`no PaymentIntent ${id}`);
      if (succeed) {
        Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, next_action: null });
        attachForFutureUse(pi);
      }
      else Object.assign(pi, { status: 'requires_payment_method', next_action: null, last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' } });
      return pi;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const STRIPE_ENV = ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_WEBHOOK_SECRET', 'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY'];

/**
 * For one test file: starts the stand-in before its tests and points the shop at it (secret and
 * publishable keys, API base, `webhookSecret` for signing events), then stops it and unsets them.
 * `onStart` receives the running stand-in.
 */
export function runStripeStandIn(webhookSecret: string, onStart: (stripe: StripeStandIn) => void): void {
  let stripe: StripeStandIn | undefined;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    Object.assign(process.env, { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: webhookSecret, NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_standin' });
    onStart(stripe);
  });
  afterAll(async () => {
    for (const k of STRIPE_ENV) delete process.env[k];
    await stripe?.close();
  });
}
