/**
 * Payment input (spec §3 Payment method / New card, §5 Payment method, §7 payments calls).
 *
 * Card numbers never reach the server (docs/architecture.md "Card fields"): `newCardSchema` validates the
 * demo card form in the browser only; the server receives a provider PaymentMethod id.
 */
import { z } from 'zod';
import { ELEMENT_METHODS, PAY_LATER_METHODS } from './pay-later';

const positiveId = (label: string) => z.coerce.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).positive(`${label} must be a positive whole number.`);

/** Spec §5: digits only, at most 16 (spaces typed for readability are removed first). */
export const cardNumberSchema = z
  .string({ error: 'Card number is required.' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Card number is required.')
      .regex(/^\d+$/, 'Card number may contain digits only.')
      .max(16, 'Card number must be at most 16 digits.')
      .min(12, 'Card number is too short.'),
  );

/** The demo card form (browser only). Month: ≤2 digits 1–12; year: ≤4 digits; CVV: ≤4 digits. */
export const newCardSchema = z
  .object({
    card_number: cardNumberSchema,
    card_expiry_month: z
      .string()
      .trim()
      .min(1, 'Expiry month is required.')
      .regex(/^\d{1,2}$/, 'Expiry month must be 1 or 2 digits.')
      .refine((v) => Number(v) >= 1 && Number(v) <= 12, 'Expiry month must be between 1 and 12.'),
    card_expiry_year: z
      .string()
      .trim()
      .min(1, 'Expiry year is required.')
      .regex(/^\d{1,4}$/, 'Expiry year must be digits only, at most 4.')
      .refine((v) => v.length === 2 || v.length === 4, 'Expiry year must be 2 or 4 digits.'),
    card_cvv: z
      .string()
      .trim()
      .min(1, 'CVV is required.')
      .regex(/^\d{1,4}$/, 'CVV must be digits only, at most 4.')
      .min(3, 'CVV must be 3 or 4 digits.'),
  })
  .superRefine((v, ctx) => {
    const month = Number(v.card_expiry_month);
    const year = v.card_expiry_year.length === 2 ? 2000 + Number(v.card_expiry_year) : Number(v.card_expiry_year);
    const now = new Date();
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
      ctx.addIssue({ code: 'custom', path: ['card_expiry_year'], message: 'This card has expired.' });
    }
  });
export type NewCardInput = z.input<typeof newCardSchema>;

const providerPaymentMethodId = (field: string) =>
  z
    .string({ error: `${field} is required for a card.` })
    .trim()
    .regex(/^pm_[A-Za-z0-9_]{3,200}$/, `${field} must be a PaymentMethod id (pm_…).`);

/** POST /api/payments/methods/add: a card (provider PaymentMethod id) or a PayPal email. */
export const addPaymentMethodSchema = z.discriminatedUnion(
  'payment_type',
  [
    z.object({
      payment_type: z.literal('credit_card'),
      stripe_payment_method_id: providerPaymentMethodId('stripe_payment_method_id'),
      is_default: z.coerce.boolean().optional().default(false),
    }),
    z.object({
      payment_type: z.literal('paypal'),
      paypal_email: z.string({ error: 'PayPal needs an email.' }).trim().toLowerCase().min(1, 'PayPal needs an email.').email('Please enter a valid PayPal email.').max(254),
      is_default: z.coerce.boolean().optional().default(false),
    }),
  ],
  { error: 'payment_type must be one of credit_card, paypal.' },
);
export type AddPaymentMethodInput = z.infer<typeof addPaymentMethodSchema>;

/** The profile's PayPal form (browser). */
export const paypalEmailSchema = z.object({
  paypal_email: z.string().trim().min(1, 'PayPal needs an email.').email('Please enter a valid PayPal email.').max(254),
});

/**
 * POST /api/payments/submit: {orderId, paymentMethodId} pays with a saved card;
 * {orderId, stripePaymentMethodId, saveCard} pays with a card just entered (a provider
 * PaymentMethod id created in the browser), saved to the profile only when `saveCard` is true and
 * the payment succeeds (docs/buying.md "Card").
 */
export const submitPaymentSchema = z
  .object({
    orderId: positiveId('orderId'),
    paymentMethodId: positiveId('paymentMethodId').optional(),
    stripePaymentMethodId: providerPaymentMethodId('stripePaymentMethodId').optional(),
    saveCard: z.boolean({ error: 'saveCard must be true or false.' }).optional().default(false),
  })
  .refine((v) => (v.paymentMethodId === undefined) !== (v.stripePaymentMethodId === undefined), {
    message: 'Choose a saved card (paymentMethodId) or a new card (stripePaymentMethodId), not both.',
    path: ['paymentMethodId'],
  });
export type SubmitPaymentInput = z.infer<typeof submitPaymentSchema>;

/** PATCH /api/payments/methods/{id} {is_default: true}: makes one of the user's methods the default. */
export const updatePaymentMethodSchema = z.object({
  is_default: z.literal(true, { error: 'is_default must be true: to change the default, make another method the default.' }),
});

/** POST /api/payments/confirm {orderId}: re-reads the provider after 3-D Secure. */
export const confirmPaymentSchema = z.object({ orderId: positiveId('orderId') });

/** POST /api/payments/demo/authenticate {orderId, outcome}: the demo gateway's 3-D Secure step. */
export const demoAuthenticationSchema = z.object({ orderId: positiveId('orderId'), outcome: z.enum(['complete', 'fail']) });

/** POST /api/payments/pay-later {orderId, method}: Afterpay or Klarna (Stripe's method names). */
export const startPayLaterSchema = z.object({
  orderId: positiveId('orderId'),
  method: z.enum(PAY_LATER_METHODS, { error: `method must be one of ${PAY_LATER_METHODS.join(', ')}.` }),
});

/**
 * POST /api/payments/intent {orderId, method, saveCard?}: the Payment Element's intent; `method` is
 * the one chosen in the Element, `saveCard` the "Save this card for next time" box (cards only).
 */
export const startPaymentElementSchema = z.object({
  orderId: positiveId('orderId'),
  method: z.enum(ELEMENT_METHODS, { error: `method must be one of ${ELEMENT_METHODS.join(', ')}.` }),
  saveCard: z.boolean({ error: 'saveCard must be true or false.' }).optional(),
});

/** POST /api/payments/demo/pay-later {orderId, outcome}: the demo approval page's answer. */
export const demoPayLaterSchema = z.object({ orderId: positiveId('orderId'), outcome: z.enum(['approve', 'decline'], { error: 'outcome must be approve or decline.' }) });

/** POST /api/payments/paypal/orders {orderId}. */
export const createPaypalOrderSchema = z.object({ orderId: positiveId('orderId') });

/**
 * POST /api/orders/{id}/completePayment {paypalOrderId, paymentStatus, currency}.
 * paymentStatus and currency are what the browser believes; the server checks with PayPal itself.
 */
export const completePaymentSchema = z.object({
  paypalOrderId: z.string({ error: 'paypalOrderId is required.' }).trim().min(1, 'paypalOrderId is required.').max(64).regex(/^[A-Za-z0-9_-]+$/, 'paypalOrderId is not valid.'),
  paymentStatus: z.string().max(40).optional(),
  currency: z.string().max(8).optional(),
});
