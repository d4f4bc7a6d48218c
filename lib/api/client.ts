/**
 * The browser's one client for the shop's REST API: `api.<domain>.<operation>()`.
 *
 * Answer types are inferred from the route table (lib/api/routes.ts → each domain's
 * contracts.ts) and request bodies from the domain's zod schemas; both imports are type-only, so
 * this module ships no zod to the browser. Every failure throws one error type, `ApiError`
 * (`status`, `message`, `code`), and every 401 follows one policy: the message says the session
 * has expired and, after SESSION_REDIRECT_MS, the browser is signed out and sent to
 * `/login?next={the page it was on}` (docs/architecture.md → Browser client).
 */
import type { z } from 'zod';
import type { ApiPath, MethodOf, ResponseOf } from './routes';
import type { addPaymentMethodSchema } from '@/lib/payments/schemas';
import type { addToCartSchema, updateCartItemSchema } from '@/lib/cart/schemas';
import type { confirmTwoFactorSchema, disableTwoFactorSchema } from '@/lib/accounts/two-factor-schemas';
import type { addressUpdateSchema, changePasswordSchema, contactUpdateSchema, marketingConsentSchema, passwordResetRequestSchema, passwordResetSchema, profileUpdateSchema, registerSchema } from '@/lib/accounts/schemas';
import type { savedItemSchema } from '@/lib/saved/schemas';
import type { passkeyOptionsSchema, registerPasskeySchema, removePasskeySchema } from '@/lib/accounts/passkey-schemas';
import type { profileAddressSchema } from '@/lib/accounts/address-schema';
import type { closeAccountSchema } from '@/lib/accounts/privacy-schemas';
import type { contactSchema } from '@/lib/accounts/contact-schema';
import type { adminUpdateSchema, newAdminSchema, newUserSchema, userUpdateSchema } from '@/lib/accounts/user-admin-schemas';
import type { roleCreateSchema, staffRolesSchema } from '@/lib/accounts/role-schemas';
import type { brandSchema } from '@/lib/catalog/admin/brand-schema';
import type { supplierSchema } from '@/lib/catalog/admin/supplier-schema';
import type { synonymSetSchema } from '@/lib/catalog/search/synonym-schema';
import type { categoryCreateSchema, categoryUpdateSchema } from '@/lib/catalog/admin/category-schema';
import type { productUpdateSchema } from '@/lib/catalog/admin/product-schema';
import type { bulkEditSchema } from '@/lib/catalog/admin/bulk-edit-schema';
import type { createOrderSchema, deliveryMoveSchema, deliveryQuoteSchema, submitOrderSchema } from '@/lib/orders/schemas';
import type { pickupInputSchema, serviceCreateSchema, serviceUpdateSchema, zoneInputSchema } from '@/lib/delivery/admin-schemas';
import type { orderUpdateSchema } from '@/lib/orders/edit-schemas';
import type { refundInputSchema, returnRequestSchema, returnUpdateSchema } from '@/lib/orders/after-sale-schemas';
import type { settingsSchema } from '@/lib/settings/schemas';
import type { discountCodeCreateSchema, discountCodeUpdateSchema, discountPreviewSchema } from '@/lib/discounts/schemas';
import type { stockAdjustmentSchema, stockLocationCreateSchema, stockLocationUpdateSchema, stockTransferSchema } from '@/lib/stock/schemas';
import type { moderationSchema, replySchema, reviewInputSchema } from '@/lib/reviews/schemas';
import type { financeTransactionSchema, payoutSchema, reportRangeSchema } from '@/lib/finance/schemas';
import type { stockAlertRequestSchema } from '@/lib/mail/stock-alert-schemas';

/** What a 401 says wherever it happens (cart, orders, checkout, profile, back office). */
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
/** How long the session-expired message shows before the browser goes to the login page. */
export const SESSION_REDIRECT_MS = 3000;
export const NO_RESPONSE = 'Unable to reach the server. Please check your internet connection.';

/** Every failed call: the HTTP status (0 when the server was not reached), the server's `{message, code}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The text to show for a failure: the server's own message for a 4xx (or the 401 text), else `fallback`. */
export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.status > 0 && e.status < 500 && e.message) return e.message;
  return fallback;
}

/**
 * The `message` the server answered with, whatever the status (SESSION_EXPIRED on a 401), for
 * screens that show provider (502) and payment messages too; undefined when the server was not
 * reached or sent no message.
 */
export function serverMessage(e: unknown): string | undefined {
  if (!(e instanceof ApiError) || e.status === 0) return undefined;
  if (e.status === 401) return e.message;
  return typeof (e.body as { message?: unknown } | null)?.message === 'string' ? e.message : undefined;
}

/** The 401 text after a 401 (the browser is on its way to the login page), else `fallback` whatever the server said. */
export const failureText = (e: unknown, fallback: string): string => (e instanceof ApiError && e.status === 401 ? e.message : fallback);

let leaving = false;
/** The one 401 policy: sign the browser out once and send it to the login page, back here afterwards. */
function sessionExpired(): void {
  if (leaving || typeof window === 'undefined') return;
  leaving = true;
  const next = window.location.pathname + window.location.search;
  setTimeout(() => {
    // next-auth's client is loaded only now, so pages that never see a 401 do not carry it.
    void import('next-auth/react').then(({ signOut }) => signOut({ callbackUrl: `/login?next=${encodeURIComponent(next)}` }));
  }, SESSION_REDIRECT_MS);
}

type Query = Record<string, string | number | boolean | undefined>;
type Options = {
  /** Values for the `{name}` segments of the path. */
  params?: Record<string, string | number>;
  query?: Query;
  /** A plain value is sent as JSON; FormData as multipart; a Blob (a chosen file) as is, with its type. */
  body?: unknown;
  /** With FormData or a Blob: upload progress 0…1 (sent with XMLHttpRequest, since fetch reports none). */
  onProgress?: (fraction: number) => void;
  /** Aborts the request (it then throws ApiError with status 0). */
  signal?: AbortSignal;
};

/** `/api/orders/{id}` + {id: 5} → `/api/orders/5`, plus the query string. */
function urlOf(path: string, { params, query }: Options): string {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && !type.includes('json')) return res.blob();
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failure(status: number, body: unknown): ApiError {
  if (status === 401) {
    sessionExpired();
    return new ApiError(401, SESSION_EXPIRED, 'unauthorized', body);
  }
  const b = body as { message?: unknown; code?: unknown } | null;
  const message = typeof b?.message === 'string' ? b.message : `Request failed (${status}).`;
  return new ApiError(status, message, typeof b?.code === 'string' ? b.code : undefined, body);
}

function upload(method: string, url: string, form: FormData | Blob, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.onload = () => {
      onProgress(1);
      resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' } }));
    };
    xhr.send(form);
  });
}

/**
 * One call to the API with the session cookie. Resolves with the answer (typed by the route
 * table) and its headers; throws ApiError for any non-2xx status or when the server is not reached.
 */
export async function request<P extends ApiPath, M extends MethodOf<P>>(method: M, path: P, opts: Options = {}): Promise<{ data: ResponseOf<P, M>; headers: Headers }> {
  const url = urlOf(path, opts);
  const headers = new Headers({ accept: 'application/json' });
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body instanceof Blob) {
    body = opts.body;
    headers.set('content-type', opts.body.type);
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set('content-type', 'application/json');
  }
  let res: Response;
  try {
    res = opts.onProgress && (body instanceof FormData || body instanceof Blob) ? await upload(method, url, body, opts.onProgress) : await fetch(url, { method, headers, body, credentials: 'same-origin', cache: 'no-store', signal: opts.signal });
  } catch {
    throw new ApiError(0, NO_RESPONSE);
  }
  const data = await readBody(res);
  if (!res.ok) throw failure(res.status, data);
  return { data: data as ResponseOf<P, M>, headers: res.headers };
}

const call = async <P extends ApiPath, M extends MethodOf<P>>(method: M, path: P, opts?: Options) => (await request(method, path, opts)).data;

type In<S extends z.ZodType> = z.input<S>;
type Id = number | string;
/** A page of a list whose paging the API sends in X-Total-Count / X-Page / X-Total-Pages. */
export type Paged<T> = { items: T[]; page: number; totalPages: number; total: number };
const paged = <T>({ data, headers }: { data: T[]; headers: Headers }): Paged<T> => ({
  items: data,
  page: Number(headers.get('x-page') ?? 1),
  totalPages: Math.max(1, Number(headers.get('x-total-pages') ?? 1)),
  total: Number(headers.get('x-total-count') ?? data.length),
});

/** The API by domain. Bodies are what the route's zod schema accepts; answers what its contract says. */
export const api = {
  viewer: { get: () => call('GET', '/api/viewer') },
  catalog: {
    products: (query: Query) => call('GET', '/api/products', { query }),
    categories: () => call('GET', '/api/categories'),
    /** Suggestions for a search as typed; `signal` aborts a request a newer one made stale. */
    suggest: (q: string, signal?: AbortSignal) => call('GET', '/api/search/suggest', { query: { q }, signal }),
    createProduct: (body: FormData, onProgress?: (f: number) => void) => call('POST', '/api/products', { body, onProgress }),
    updateProduct: (id: Id, body: FormData | In<typeof productUpdateSchema>, onProgress?: (f: number) => void) => call('PUT', '/api/products/{id}', { params: { id }, body, onProgress }),
    deleteProduct: (id: Id) => call('DELETE', '/api/products/{id}', { params: { id } }),
    /** The product CSV (its text as a text/csv Blob): the plan with `dryRun`, else applied; upload progress 0…1. */
    importProducts: (csv: Blob, dryRun: boolean, onProgress?: (f: number) => void) => call('POST', '/api/products/import', { body: csv, query: { dry_run: dryRun ? 1 : undefined }, onProgress }),
    bulkEdit: (body: In<typeof bulkEditSchema>) => call('POST', '/api/products/bulk-edits', { body }),
    undoBulkEdit: (id: Id) => call('POST', '/api/products/bulk-edits/{id}/undo', { params: { id } }),
    brands: () => call('GET', '/api/brands'),
    createBrand: (body: In<typeof brandSchema>) => call('POST', '/api/brands', { body }),
    updateBrand: (id: Id, body: Partial<In<typeof brandSchema>>) => call('PUT', '/api/brands/{id}', { params: { id }, body }),
    deleteBrand: (id: Id) => call('DELETE', '/api/brands/{id}', { params: { id } }),
    suppliers: () => call('GET', '/api/suppliers'),
    createSupplier: (body: In<typeof supplierSchema>) => call('POST', '/api/suppliers', { body }),
    updateSupplier: (id: Id, body: Partial<In<typeof supplierSchema>>) => call('PUT', '/api/suppliers/{id}', { params: { id }, body }),
    deleteSupplier: (id: Id) => call('DELETE', '/api/suppliers/{id}', { params: { id } }),
    createCategory: (body: In<typeof categoryCreateSchema>) => call('POST', '/api/categories', { body }),
    updateCategory: (id: Id, body: In<typeof categoryUpdateSchema>) => call('PATCH', '/api/categories/{id}', { params: { id }, body }),
    deleteCategory: (id: Id) => call('DELETE', '/api/categories/{id}', { params: { id } }),
    synonymSets: () => call('GET', '/api/search/synonyms'),
    createSynonymSet: (body: In<typeof synonymSetSchema>) => call('POST', '/api/search/synonyms', { body }),
    updateSynonymSet: (id: Id, body: In<typeof synonymSetSchema>) => call('PATCH', '/api/search/synonyms/{id}', { params: { id }, body }),
    deleteSynonymSet: (id: Id) => call('DELETE', '/api/search/synonyms/{id}', { params: { id } }),
  },
  stockAlerts: {
    /** "Email me when it's back": a visitor sends `email`, a signed-in customer nothing. */
    subscribe: (productId: Id, body: In<typeof stockAlertRequestSchema>) => call('POST', '/api/products/{id}/stock-alerts', { params: { id: productId }, body }),
    confirm: (token: string) => call('POST', '/api/stock-alerts/confirm', { body: { token } }),
    unsubscribe: (token: string) => call('POST', '/api/stock-alerts/unsubscribe', { query: { token } }),
  },
  reviews: {
    /** FormData with order_item_id, rating, title, body and `photos` files; or JSON without photos. */
    create: (body: FormData | In<typeof reviewInputSchema>, onProgress?: (f: number) => void) => call('POST', '/api/reviews', { body, onProgress }),
    moderate: (id: Id, body: In<typeof moderationSchema>) => call('PUT', '/api/reviews/{id}', { params: { id }, body }),
    reply: (id: Id, body: In<typeof replySchema>) => call('PUT', '/api/reviews/{id}/reply', { params: { id }, body }),
  },
  cart: {
    get: () => call('GET', '/api/cart'),
    add: (body: In<typeof addToCartSchema>) => call('POST', '/api/cart/add', { body }),
    update: (body: In<typeof updateCartItemSchema>) => call('PUT', '/api/cart/update', { body }),
    remove: (cartItemId: Id) => call('DELETE', '/api/cart/remove/{id}', { params: { id: cartItemId } }),
  },
  saved: {
    list: () => call('GET', '/api/saved-items'),
    save: (body: In<typeof savedItemSchema>) => call('POST', '/api/saved-items', { body }),
    remove: (body: In<typeof savedItemSchema>) => call('DELETE', '/api/saved-items', { body }),
    moveToCart: (body: In<typeof savedItemSchema>) => call('POST', '/api/saved-items/move-to-cart', { body }),
  },
  orders: {
    list: async (query: { page?: number; limit?: number; status?: string; q?: string; from?: string; to?: string } = {}) => paged(await request('GET', '/api/orders', { query })),
    create: (body: In<typeof createOrderSchema>) => call('POST', '/api/orders', { body }),
    submit: (body: In<typeof submitOrderSchema>) => call('POST', '/api/orders/submit', { body }),
    /** A customer's cancel or an administrator's delete: the server decides by who asks. */
    remove: (id: Id) => call('DELETE', '/api/orders/{id}', { params: { id } }),
    update: (id: Id, body: In<typeof orderUpdateSchema>) => call('PUT', '/api/orders/{id}', { params: { id }, body }),
    removeItem: (id: Id, itemId: Id) => call('DELETE', '/api/orders/{id}/items/{itemId}', { params: { id, itemId } }),
    completePaypal: (id: Id, paypalOrderId: string) => call('POST', '/api/orders/{id}/completePayment', { params: { id }, body: { paypalOrderId, paymentStatus: 'COMPLETED' } }),
    /** A two-person order's booked day and the days it may move to; moving it. */
    deliveryDays: (id: Id) => call('GET', '/api/orders/{id}/delivery', { params: { id } }),
    moveDelivery: (id: Id, body: In<typeof deliveryMoveSchema>) => call('PATCH', '/api/orders/{id}/delivery', { params: { id }, body }),
    /** The order's history, in the reader's words. */
    history: (id: Id) => call('GET', '/api/orders/{id}/history', { params: { id } }),
    /** Refunds and returns. */
    refunds: (id: Id) => call('GET', '/api/orders/{id}/refunds', { params: { id } }),
    refund: (id: Id, body: In<typeof refundInputSchema>) => call('POST', '/api/orders/{id}/refunds', { params: { id }, body }),
    returnable: (id: Id) => call('GET', '/api/orders/{id}/returns', { params: { id } }),
    requestReturn: (id: Id, body: In<typeof returnRequestSchema>) => call('POST', '/api/orders/{id}/returns', { params: { id }, body }),
  },
  delivery: {
    /** The services that fit the selected cart lines for an address, priced by the server. */
    quote: (body: In<typeof deliveryQuoteSchema>) => call('POST', '/api/delivery/quote', { body }),
    /** A product's delivery for the signed-in customer's saved address, or "from" without one. */
    estimate: (productId: Id, quantity = 1) => call('GET', '/api/delivery/estimate', { query: { product_id: productId, quantity } }),
    /** Back office (/admin/delivery). */
    createZone: (body: In<typeof zoneInputSchema>) => call('POST', '/api/delivery/zones', { body }),
    updateZone: (id: Id, body: In<typeof zoneInputSchema>) => call('PUT', '/api/delivery/zones/{id}', { params: { id }, body }),
    deleteZone: (id: Id) => call('DELETE', '/api/delivery/zones/{id}', { params: { id } }),
    createService: (body: In<typeof serviceCreateSchema>) => call('POST', '/api/delivery/services', { body }),
    updateService: (id: Id, body: In<typeof serviceUpdateSchema>) => call('PUT', '/api/delivery/services/{id}', { params: { id }, body }),
    deleteService: (id: Id) => call('DELETE', '/api/delivery/services/{id}', { params: { id } }),
    createPickup: (body: In<typeof pickupInputSchema>) => call('POST', '/api/delivery/pickup-locations', { body }),
    updatePickup: (id: Id, body: In<typeof pickupInputSchema>) => call('PUT', '/api/delivery/pickup-locations/{id}', { params: { id }, body }),
  },
  returns: {
    list: (query: { status?: string; order_id?: number; page?: number } = {}) => call('GET', '/api/returns', { query }),
    move: (id: Id, body: In<typeof returnUpdateSchema>) => call('PUT', '/api/returns/{id}', { params: { id }, body }),
  },
  payments: {
    methods: () => call('GET', '/api/payments/methods'),
    addMethod: (body: In<typeof addPaymentMethodSchema>) => call('POST', '/api/payments/methods/add', { body }),
    removeMethod: (id: Id) => call('DELETE', '/api/payments/methods/{id}', { params: { id } }),
    config: () => call('GET', '/api/stripe-key'),
    setDefault: (id: Id) => call('PATCH', '/api/payments/methods/{id}', { params: { id }, body: { is_default: true } }),
    /** A saved card by its id, or a new card by its provider PaymentMethod id (saved only when `saveCard` and the payment succeeds). */
    submit: (orderId: number, card: { paymentMethodId: number } | { stripePaymentMethodId: string; saveCard: boolean }) => call('POST', '/api/payments/submit', { body: { orderId, ...card } }),
    confirm: (orderId: number) => call('POST', '/api/payments/confirm', { body: { orderId } }),
    demoAuthenticate: (orderId: number, outcome: 'complete' | 'fail') => call('POST', '/api/payments/demo/authenticate', { body: { orderId, outcome } }),
    createPaypalOrder: (orderId: number) => call('POST', '/api/payments/paypal/orders', { body: { orderId } }),
    /** Afterpay or Klarna: the intent to confirm (Stripe) or the demo approval page to go to. */
    startPayLater: (orderId: number, method: 'afterpay_clearpay' | 'klarna') => call('POST', '/api/payments/pay-later', { body: { orderId, method } }),
    /** Stripe's Payment Element: the intent for the method chosen in it (a card saved only when `saveCard` and it pays). */
    startPaymentElement: (orderId: number, method: 'card' | 'afterpay_clearpay' | 'klarna', saveCard: boolean) => call('POST', '/api/payments/intent', { body: { orderId, method, saveCard } }),
    demoPayLater: (orderId: number, outcome: 'approve' | 'decline') => call('POST', '/api/payments/demo/pay-later', { body: { orderId, outcome } }),
  },
  accounts: {
    register: (body: In<typeof registerSchema>) => call('POST', '/api/users/register', { body }),
    updateProfile: (body: In<typeof profileUpdateSchema>) => call('PUT', '/api/users/profile', { body }),
    changePassword: (body: In<typeof changePasswordSchema>) => call('PUT', '/api/users/profile/change-password', { body }),
    /** Two-factor sign-in (Profile → Security): start enrolment, confirm it with a code, turn it off with the password and a code. */
    startTwoFactor: () => call('POST', '/api/users/profile/two-factor'),
    confirmTwoFactor: (body: In<typeof confirmTwoFactorSchema>) => call('POST', '/api/users/profile/two-factor/confirm', { body }),
    disableTwoFactor: (body: In<typeof disableTwoFactorSchema>) => call('POST', '/api/users/profile/two-factor/disable', { body }),
    /** Signed-in devices (Profile → Security): sign one out, or every other one, at once. */
    signOutSession: (id: string) => call('DELETE', '/api/users/profile/sessions/{id}', { params: { id } }),
    signOutOtherSessions: () => call('DELETE', '/api/users/profile/sessions'),
    /** New recovery codes (the old ones stop working), given the password and a code. */
    newRecoveryCodes: (body: In<typeof disableTwoFactorSchema>) => call('POST', '/api/users/profile/two-factor/recovery-codes', { body }),
    /** Passkeys (Profile → Security): WebAuthn options to add one, the authenticator's answer, the list, removal with the password. */
    passkeys: () => call('GET', '/api/users/profile/passkeys'),
    passkeyRegistrationOptions: () => call('POST', '/api/users/profile/passkeys/options'),
    addPasskey: (body: In<typeof registerPasskeySchema>) => call('POST', '/api/users/profile/passkeys', { body }),
    removePasskey: (id: Id, body: In<typeof removePasskeySchema>) => call('DELETE', '/api/users/profile/passkeys/{id}', { params: { id }, body }),
    /** WebAuthn options to sign in with a passkey: with the password step's challenge as its second factor, without as a sign-in of its own. */
    passkeySignInOptions: (body: In<typeof passkeyOptionsSchema>) => call('POST', '/api/users/login/passkey/options', { body }),
    requestPasswordReset: (body: In<typeof passwordResetRequestSchema>) => call('POST', '/api/users/password-reset', { body }),
    resetForgottenPassword: (body: In<typeof passwordResetSchema>) => call('POST', '/api/users/password-reset/confirm', { body }),
    addAddress: (body: In<typeof profileAddressSchema>) => call('POST', '/api/users/addresses', { body }),
    updateAddress: (id: Id, body: In<typeof addressUpdateSchema>) => call('PUT', '/api/users/addresses/{id}', { params: { id }, body }),
    removeAddress: (id: Id) => call('DELETE', '/api/users/addresses/{id}', { params: { id } }),
    addContact: (body: In<typeof contactSchema>) => call('POST', '/api/users/contacts', { body }),
    updateContact: (id: Id, body: In<typeof contactUpdateSchema>) => call('PUT', '/api/users/contacts/{id}', { params: { id }, body }),
    removeContact: (id: Id) => call('DELETE', '/api/users/contacts/{id}', { params: { id } }),
    /** Closes the signed-in account, given its password (every session ends). Download my data is a plain link: GET /api/profile/data-export. */
    closeAccount: (body: In<typeof closeAccountSchema>) => call('POST', '/api/profile/close', { body }),
    /** Marketing e-mail (Profile → Email preferences): agree or withdraw at once. */
    setMarketingConsent: (body: In<typeof marketingConsentSchema>) => call('PUT', '/api/users/profile/marketing-consent', { body }),
    /** The confirmation page of an unsubscribe link: withdraws the consent its signed token names. */
    unsubscribe: (token: string) => call('POST', '/api/unsubscribe', { query: { token } }),
    /** One page of accounts (?q searches user name, e-mail and name). */
    users: async (query: { q?: string; page?: number; limit?: number } = {}) => paged(await request('GET', '/api/users', { query })),
    createUser: (body: In<typeof newUserSchema>) => call('POST', '/api/users', { body }),
    updateUser: (id: Id, body: In<typeof userUpdateSchema>) => call('PUT', '/api/users/{id}', { params: { id }, body }),
    deleteUser: (id: Id) => call('DELETE', '/api/users/{id}', { params: { id } }),
    /** Closes a customer's account on their behalf (staff with customers.write). Their data's download is a plain link: GET /api/users/{id}/data-export. */
    closeUser: (id: Id) => call('POST', '/api/users/{id}/close', { params: { id } }),
    /** E-mails the user a password reset link (through the outbox). */
    sendResetLink: (id: Id) => call('POST', '/api/users/{id}/reset-password', { params: { id } }),
    admins: () => call('GET', '/api/admins'),
    createAdmin: (body: In<typeof newAdminSchema>) => call('POST', '/api/admins', { body }),
    updateAdmin: (id: Id, body: In<typeof adminUpdateSchema>) => call('PUT', '/api/admins/{id}', { params: { id }, body }),
    removeAdmin: (id: Id) => call('DELETE', '/api/admins/{id}', { params: { id } }),
    roles: () => call('GET', '/api/roles'),
    createRole: (body: In<typeof roleCreateSchema>) => call('POST', '/api/roles', { body }),
    deleteRole: (id: Id) => call('DELETE', '/api/roles/{id}', { params: { id } }),
    /** Replaces a staff member's roles (at least one). */
    setStaffRoles: (id: Id, body: In<typeof staffRolesSchema>) => call('PUT', '/api/users/{id}/roles', { params: { id }, body }),
  },
  discounts: {
    preview: (body: In<typeof discountPreviewSchema>) => call('POST', '/api/discount-codes/preview', { body }),
    list: () => call('GET', '/api/discount-codes'),
    create: (body: In<typeof discountCodeCreateSchema>) => call('POST', '/api/discount-codes', { body }),
    update: (id: Id, body: In<typeof discountCodeUpdateSchema>) => call('PATCH', '/api/discount-codes/{id}', { params: { id }, body }),
    remove: (id: Id) => call('DELETE', '/api/discount-codes/{id}', { params: { id } }),
  },
  stock: {
    levels: (query: { q?: string; location_id?: number; state?: 'all' | 'low' | 'out'; page?: number }) => call('GET', '/api/stock-levels', { query }),
    /** Received or damaged units in or out, or a count's figure (reason `count`). */
    adjust: (body: In<typeof stockAdjustmentSchema>) => call('POST', '/api/stock-adjustments', { body }),
    transfer: (body: In<typeof stockTransferSchema>) => call('POST', '/api/stock-transfers', { body }),
    history: (productId: Id, query: { location_id?: number; page?: number } = {}) => call('GET', '/api/products/{id}/stock-ledger', { params: { id: productId }, query }),
    locations: () => call('GET', '/api/stock-locations'),
    createLocation: (body: In<typeof stockLocationCreateSchema>) => call('POST', '/api/stock-locations', { body }),
    updateLocation: (id: Id, body: In<typeof stockLocationUpdateSchema>) => call('PATCH', '/api/stock-locations/{id}', { params: { id }, body }),
    archiveLocation: (id: Id) => call('DELETE', '/api/stock-locations/{id}', { params: { id } }),
  },
  settings: {
    update: (body: In<typeof settingsSchema>) => call('PUT', '/api/settings', { body }),
  },
  finance: {
    transactions: (page: number) => call('GET', '/api/finance/transactions', { query: { page } }),
    addTransaction: (body: In<typeof financeTransactionSchema>) => call('POST', '/api/finance/transactions', { body }),
    invoices: (page: number) => call('GET', '/api/finance/invoices', { query: { page } }),
    payouts: (page: number) => call('GET', '/api/finance/payouts', { query: { page } }),
    addPayout: (body: In<typeof payoutSchema>) => call('POST', '/api/finance/payouts', { body }),
    /** The CSV report as a Blob. */
    report: (range: In<typeof reportRangeSchema>) => call('GET', '/api/finance/report', { query: range as Query }),
  },
};
