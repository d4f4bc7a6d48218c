/**
 * What a valid request of each operation of the route table (lib/api/routes.ts) looks like, for the
 * fuzzer to start from: the body's kind and a valid example (ids are refs to the fuzz world's
 * fixtures, names and emails fresh), the query keys the route reads, and which fixture each path
 * parameter names. The fuzzer mutates these, so hostile input reaches the service and the database
 * and not only the first field check. tests/api/fuzz.test.ts fails when an operation has no recipe.
 */
import { fresh, ref, type RefName } from './json';

export type Recipe = {
  /** `json`: a JSON body; `product`: multipart form or JSON (the product and review routes); `raw`: read as text (webhooks); absent: no body. */
  body?: 'json' | 'product' | 'raw';
  /** A valid body (plain values, ref() and fresh() markers). */
  example?: unknown;
  /** The query keys the route reads, and a valid query. */
  query?: { keys: string[]; example?: Record<string, string> };
  /** The fixture each `{name}` of the path names (`key` of /api/images is a list). */
  params?: Record<string, RefName>;
};

const PRODUCT_QUERY_KEYS = ['page', 'limit', 'include_images', 'q', 'query', 'search', 'category', 'style', 'function', 'mobility', 'width_min', 'width_max', 'height_min', 'height_max', 'depth_min', 'depth_max', 'on_sale', 'rating_min', 'sort'];
const FINANCE_QUERY = { keys: ['page', 'limit', 'from', 'to'], example: { from: '2026-01-01', to: '2026-12-31' } };
const LIMIT_QUERY = { keys: ['limit'], example: { limit: '4' } };

const address = { first_name: 'Mere', last_name: 'Parata', street_address: '12 Kauri Street', city: 'Wellington', state_province: 'Wellington', postal_code: '6011', country: 'New Zealand', phone_number: '+64 21 555 0101', is_default: false };
const contact = { first_name: 'Tama', last_name: 'Wiremu', phone_number: '021 555 0199', email: fresh('email'), is_default: false };

/** Keyed by `METHOD /path` as in API_ROUTES. */
export const RECIPES: Record<string, Recipe> = {
  'GET /api/health': { query: { keys: ['ready'], example: { ready: '' } } },
  'GET /api/openapi.json': {},
  'GET /api/images/{key}': { params: { key: 'image' } },

  'GET /api/products': { query: { keys: PRODUCT_QUERY_KEYS, example: { q: 'chair', page: '1', limit: '5', sort: 'price_asc' } } },
  'POST /api/products': { body: 'product', example: { name: fresh('name'), sku: fresh('sku'), price: '99.90', stock: '3', category_id: ref('subcategory'), brand_id: ref('brand'), featured: 'false', color: 'rimu' } },
  'GET /api/products/{id}': { params: { id: 'product' } },
  'PUT /api/products/{id}': { body: 'product', params: { id: 'product' }, example: { name: 'Renamed chair', description: 'Sturdy.', price: '120.50', supplier_id: ref('supplier') } },
  'DELETE /api/products/{id}': { params: { id: 'product' } },
  'GET /api/products/featured': { query: LIMIT_QUERY },
  'GET /api/products/latest': { query: LIMIT_QUERY },
  'GET /api/products/promotions': { query: LIMIT_QUERY },
  'GET /api/products/search': { query: { keys: PRODUCT_QUERY_KEYS, example: { query: 'chair' } } },
  'GET /api/products/{id}/reviews': { params: { id: 'product' }, query: { keys: ['page'], example: { page: '1' } } },
  'POST /api/products/{id}/stock-alerts': { body: 'json', params: { id: 'product' }, example: { email: fresh('email') } },
  'POST /api/stock-alerts/confirm': { body: 'json', example: { token: 'not-a-real-token' } },
  'POST /api/stock-alerts/unsubscribe': { query: { keys: ['token'], example: { token: 'not-a-real-token' } } },
  'POST /api/search/events': { body: 'json', example: { kind: 'search', query: 'sofa', results: 3 } },
  'GET /api/search/suggest': { query: { keys: ['q'], example: { q: 'sofa' } } },
  'GET /api/categories': {},
  'POST /api/categories': { body: 'json', example: { name: fresh('name'), parent_id: ref('room') } },
  'PATCH /api/categories/{id}': { body: 'json', params: { id: 'spareCategory' }, example: { name: fresh('name'), parent_id: ref('room') } },
  'DELETE /api/categories/{id}': { params: { id: 'spareCategory' } },
  'GET /api/search/synonyms': {},
  'POST /api/search/synonyms': { body: 'json', example: { kind: 'two_way', terms: [fresh('name'), fresh('name')] } },
  'PATCH /api/search/synonyms/{id}': { body: 'json', params: { id: 'synonymSet' }, example: { kind: 'one_way', input: fresh('name'), terms: [fresh('name'), 'sofa'] } },
  'DELETE /api/search/synonyms/{id}': { params: { id: 'synonymSet' } },
  'GET /api/brands': {},
  'POST /api/brands': { body: 'json', example: { name: fresh('name'), description: 'A maker of chairs.' } },
  'PUT /api/brands/{id}': { body: 'json', params: { id: 'brand' }, example: { name: fresh('name'), description: 'Renamed.' } },
  'DELETE /api/brands/{id}': { params: { id: 'brand' } },
  'GET /api/suppliers': {},
  'POST /api/suppliers': { body: 'json', example: { name: fresh('name'), contact_info: 'orders@example.test' } },
  'PUT /api/suppliers/{id}': { body: 'json', params: { id: 'supplier' }, example: { name: fresh('name'), contact_info: 'sales@example.test' } },
  'DELETE /api/suppliers/{id}': { params: { id: 'supplier' } },

  'GET /api/viewer': {},
  'GET /api/cart': {},
  'POST /api/cart/add': { body: 'json', example: { product_id: ref('product'), quantity: 1 } },
  'PUT /api/cart/update': { body: 'json', example: { cart_item_id: ref('cartItem'), quantity: 2 } },
  'DELETE /api/cart/remove/{id}': { params: { id: 'cartItem' } },
  'POST /api/cart/clear': {},

  'GET /api/orders': { query: { keys: ['page', 'limit', 'status', 'q', 'from', 'to'], example: { page: '1', limit: '10', status: 'pending', q: 'Tama', from: '2026-01-01', to: '2026-12-31' } } },
  'GET /api/orders/export': { query: { keys: ['status', 'q', 'from', 'to'], example: { status: 'pending', q: 'example.test', from: '2026-01-01', to: '2026-12-31' } } },
  'POST /api/orders': {
    body: 'json',
    example: { cartItems: [{ cart_item_id: ref('cartItem'), product_id: ref('product'), quantity: 1 }], newAddress: address, newContact: contact, customer_message: 'Please leave it by the door.', discount_code: ref('discountCodeText') },
  },
  'GET /api/delivery/zones': {},
  'POST /api/delivery/zones': { body: 'json', example: { name: fresh('name'), postcode_ranges: [{ from: '9990', to: '9995' }], postcodes: ['9996'], served: true, sort_order: 50 } },
  'PUT /api/delivery/zones/{id}': { body: 'json', params: { id: 'deliveryZone' }, example: { name: fresh('name'), postcode_ranges: [], postcodes: ['9999'], served: true, sort_order: 99 } },
  'DELETE /api/delivery/zones/{id}': { params: { id: 'deliveryZone' } },
  'POST /api/delivery/services': { body: 'json', example: { zone_id: ref('deliveryZone'), kind: 'click_collect', name: 'Fuzz collect', fee: 0, free_over: null, lead_days: 1, weekdays: [1, 2, 3, 4, 5, 6], pickup_location_id: ref('pickupLocation'), active: true } },
  'PUT /api/delivery/services/{id}': { body: 'json', params: { id: 'deliveryService' }, example: { kind: 'two_person', name: 'Fuzz two-person', fee: 59, bulky_surcharge: 20, free_over: 800, lead_days: 3, weekdays: [1, 3, 5], pickup_location_id: null, active: true } },
  'DELETE /api/delivery/services/{id}': { params: { id: 'deliveryService' } },
  'POST /api/delivery/pickup-locations': { body: 'json', example: { name: fresh('name'), address: '2 Fuzz Road, Auckland', opening_hours: 'Sat 10–4', active: true } },
  'PUT /api/delivery/pickup-locations/{id}': { body: 'json', params: { id: 'pickupLocation' }, example: { name: 'Fuzz depot', address: '1 Fuzz Road, Auckland', opening_hours: 'Mon–Fri 9–5', active: true } },
  'GET /api/delivery/estimate': { query: { keys: ['product_id', 'quantity'], example: { product_id: '1', quantity: '1' } } },
  'POST /api/delivery/quote': { body: 'json', example: { cartItems: [{ cart_item_id: ref('cartItem') }], addressId: ref('address') } },
  'POST /api/orders/submit': { body: 'json', example: { orderId: ref('order'), payment_method: 'credit_card' } },
  'GET /api/orders/{id}': { params: { id: 'order' } },
  'PUT /api/orders/{id}': { body: 'json', params: { id: 'order' }, example: { status: 'processing', sales_message: 'Ships Tuesday.' } },
  'DELETE /api/orders/{id}': { params: { id: 'order' } },
  'GET /api/orders/{id}/delivery': { params: { id: 'order' } },
  'PATCH /api/orders/{id}/delivery': { body: 'json', params: { id: 'order' }, example: { date: '2027-02-03', window: 'morning' } },
  'GET /api/orders/{id}/invoice': { params: { id: 'order' } },
  'GET /api/orders/{id}/credit-notes/{number}': { params: { id: 'creditedOrder', number: 'creditNote' } },
  'PUT /api/orders/{id}/items': { body: 'json', params: { id: 'order' }, example: [{ itemId: ref('orderItem'), quantity: 1, price: 45.5 }] },
  'DELETE /api/orders/{id}/items/{itemId}': { params: { id: 'order', itemId: 'orderItem' } },
  'PUT /api/orders/{id}/messages': { body: 'json', params: { id: 'order' }, example: { sales_message: 'Ships Tuesday.' } },
  'GET /api/orders/{id}/refunds': { params: { id: 'deliveredOrder' } },
  'GET /api/orders/{id}/history': { params: { id: 'deliveredOrder' } },
  'POST /api/orders/{id}/refunds': { body: 'json', params: { id: 'deliveredOrder' }, example: { lines: [{ orderItemId: ref('deliveredItem'), quantity: 1 }], includeDeliveryFee: false, restock: true, reason: 'Scratched', idempotencyKey: 'fuzz-refund-key-1' } },
  'GET /api/orders/{id}/returns': { params: { id: 'deliveredOrder' } },
  'POST /api/orders/{id}/returns': { body: 'json', params: { id: 'deliveredOrder' }, example: { lines: [{ orderItemId: ref('deliveredItem'), quantity: 1 }], reason: 'Too big for the room' } },
  'GET /api/returns': { query: { keys: ['status', 'order_id', 'page'], example: { status: 'open', page: '1' } } },
  'PUT /api/returns/{id}': { body: 'json', params: { id: 'return' }, example: { status: 'approved', message: 'We will collect it.' } },
  'GET /api/discount-codes': {},
  'POST /api/discount-codes': { body: 'json', example: { code: 'SPRING10', kind: 'percent', value: 10, min_spend: 100, starts_at: '2026-01-01T00:00:00.000Z', ends_at: '2027-01-01T00:00:00.000Z', max_uses: 10, max_uses_per_customer: 1, category_ids: [ref('subcategory')] } },
  'PATCH /api/discount-codes/{id}': { body: 'json', params: { id: 'discountCode' }, example: { active: false, value: 15, max_uses: 5, category_ids: [] } },
  'DELETE /api/discount-codes/{id}': { params: { id: 'discountCode' } },
  'POST /api/discount-codes/preview': { body: 'json', example: { code: ref('discountCodeText'), cart_item_ids: [ref('cartItem')] } },
  'POST /api/orders/{id}/completePayment': { body: 'json', params: { id: 'order' }, example: { paypalOrderId: 'DEMO-PAYPAL-1', paymentStatus: 'COMPLETED', currency: 'NZD' } },

  'GET /api/stripe-key': {},
  'GET /api/payments/methods': {},
  'POST /api/payments/methods/add': { body: 'json', example: { payment_type: 'credit_card', stripe_payment_method_id: 'pm_card_visa', is_default: false } },
  'DELETE /api/payments/methods/{id}': { params: { id: 'paymentMethod' } },
  'PATCH /api/payments/methods/{id}': { body: 'json', params: { id: 'paymentMethod' }, example: { is_default: true } },
  'POST /api/payments/submit': { body: 'json', example: { orderId: ref('order'), paymentMethodId: ref('paymentMethod') } },
  'POST /api/payments/confirm': { body: 'json', example: { orderId: ref('order') } },
  'POST /api/payments/demo/authenticate': { body: 'json', example: { orderId: ref('order'), outcome: 'complete' } },
  'POST /api/payments/intent': { body: 'json', example: { orderId: ref('order'), method: 'card', saveCard: false } },
  'POST /api/payments/pay-later': { body: 'json', example: { orderId: ref('order'), method: 'afterpay_clearpay' } },
  'POST /api/payments/demo/pay-later': { body: 'json', example: { orderId: ref('order'), outcome: 'approve' } },
  'POST /api/payments/paypal/orders': { body: 'json', example: { orderId: ref('order') } },
  'POST /api/webhooks/stripe': {
    body: 'raw',
    example: { id: 'evt_fuzz', object: 'event', type: 'payment_intent.succeeded', created: 1_700_000_000, livemode: false, data: { object: { id: 'pi_fuzz', metadata: { order_id: ref('order') } } } },
  },
  'POST /api/webhooks/paypal': {
    body: 'raw',
    example: { id: 'WH-FUZZ', event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: 'REFUND-FUZZ', status: 'COMPLETED', amount: { currency_code: 'NZD', value: '1.00' }, links: [] } },
  },
  // The fuzzer does not know CRON_SECRET: every request must be refused (401) and write nothing.
  'GET /api/cron/expire-orders': {},

  'POST /api/users/login': { body: 'json', example: { identifier: 'nobody@example.test', password: 'Not-the-password-1' } },
  'POST /api/users/register': { body: 'json', example: { user_name: fresh('user_name'), email: fresh('email'), password: 'Sturdy-pass-1' } },
  'GET /api/users/profile': {},
  'PUT /api/users/profile': { body: 'json', example: { user_name: fresh('user_name'), email: fresh('email'), first_name: 'Aroha', last_name: 'Ngata', phone_number: '+64 21 555 0102' } },
  'GET /api/users/profile/marketing-consent': {},
  'PUT /api/users/profile/marketing-consent': { body: 'json', example: { marketing_consent: true } },
  'GET /api/unsubscribe': { query: { keys: ['token'], example: { token: 'not-a-signed-token' } } },
  'POST /api/unsubscribe': { query: { keys: ['token'], example: { token: 'not-a-signed-token' } } },
  'GET /api/saved-items': {},
  'POST /api/saved-items': { body: 'json', example: { product_id: ref('product') } },
  'DELETE /api/saved-items': { body: 'json', example: { product_id: ref('product') } },
  'POST /api/saved-items/move-to-cart': { body: 'json', example: { product_id: ref('product') } },
  'PUT /api/users/profile/change-password': { body: 'json', example: { newPassword: 'Another-pass-2', currentPassword: 'Passw0rd!' } },
  'GET /api/profile/data-export': {},
  'POST /api/profile/close': { body: 'json', example: { password: 'Passw0rd!' } },
  'POST /api/users/login/two-factor': { body: 'json', example: { challenge: 'not-a-real-challenge', code: '123456' } },
  'GET /api/users/profile/two-factor': {},
  'GET /api/users/profile/sessions': {},
  'DELETE /api/users/profile/sessions': {},
  'DELETE /api/users/profile/sessions/{id}': { params: { id: 'session' } },
  'POST /api/users/profile/two-factor': {},
  'POST /api/users/profile/two-factor/confirm': { body: 'json', example: { code: '123456' } },
  'POST /api/users/profile/two-factor/disable': { body: 'json', example: { password: 'Passw0rd!', code: '123456' } },
  'POST /api/users/profile/two-factor/recovery-codes': { body: 'json', example: { password: 'Passw0rd!', code: '123456' } },
  'POST /api/users/login/passkey/options': { body: 'json', example: {} },
  'POST /api/users/login/passkey': { body: 'json', example: { response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' }, clientExtensionResults: {} } } },
  'GET /api/users/profile/passkeys': {},
  'POST /api/users/profile/passkeys': { body: 'json', example: { name: 'Laptop', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AAAA' }, clientExtensionResults: {} } } },
  'POST /api/users/profile/passkeys/options': {},
  // No passkey is made for the fuzzer: an address id stands for one the account does not have (404).
  'DELETE /api/users/profile/passkeys/{id}': { body: 'json', params: { id: 'address' }, example: { password: 'Passw0rd!' } },
  'POST /api/users/password-reset': { body: 'json', example: { email: 'someone@example.test' } },
  'POST /api/users/password-reset/confirm': { body: 'json', example: { token: 'not-a-real-token', newPassword: 'Another-pass-2' } },
  'GET /api/users/addresses': {},
  'POST /api/users/addresses': { body: 'json', example: address },
  'PUT /api/users/addresses/{id}': { body: 'json', params: { id: 'address' }, example: { city: 'Auckland', street_address: '1 Queen Street', is_default: true } },
  'DELETE /api/users/addresses/{id}': { params: { id: 'address' } },
  'GET /api/users/contacts': {},
  'POST /api/users/contacts': { body: 'json', example: contact },
  'PUT /api/users/contacts/{id}': { body: 'json', params: { id: 'contact' }, example: { first_name: 'Hemi', is_default: true } },
  'DELETE /api/users/contacts/{id}': { params: { id: 'contact' } },

  'GET /api/reviews': { query: { keys: ['status', 'page'], example: { status: 'pending', page: '1' } } },
  'POST /api/reviews': { body: 'product', example: { order_item_id: ref('deliveredItem'), rating: '4', title: 'Sturdy and handsome', body: 'Took twenty minutes to put together.' } },
  'GET /api/reviews/mine': {},
  'PUT /api/reviews/{id}': { body: 'json', params: { id: 'review' }, example: { status: 'rejected', reason: 'About the courier, not the product.' } },
  'PUT /api/reviews/{id}/reply': { body: 'json', params: { id: 'review' }, example: { reply: 'Thank you for the kind words.' } },

  'GET /api/users': { query: { keys: ['q', 'page', 'limit'], example: { q: 'user_', page: '1', limit: '20' } } },
  'POST /api/users': { body: 'json', example: { user_name: fresh('user_name'), email: fresh('email'), password: 'Sturdy-pass-1', is_admin: false } },
  'PUT /api/users/{id}': { body: 'json', params: { id: 'victimUser' }, example: { user_name: fresh('user_name'), email: fresh('email'), is_admin: false } },
  'DELETE /api/users/{id}': { params: { id: 'victimUser' } },
  'POST /api/users/{id}/reset-password': { params: { id: 'victimUser' } },
  'GET /api/users/{id}/data-export': { params: { id: 'victimUser' } },
  'POST /api/users/{id}/close': { params: { id: 'victimUser' } },
  'GET /api/admins': {},
  'POST /api/admins': { body: 'json', example: { username: fresh('user_name'), email: fresh('email'), password: 'Staff-pass-4' } },
  'PUT /api/admins/{id}': { body: 'json', params: { id: 'victimAdmin' }, example: { username: fresh('user_name'), email: fresh('email') } },
  'DELETE /api/admins/{id}': { params: { id: 'victimAdmin' } },
  'GET /api/roles': {},
  'POST /api/roles': { body: 'json', example: { name: fresh('name'), description: 'Packs and ships', permissions: ['orders.read', 'orders.fulfil'] } },
  // No fixture is a custom role: an id answers 404 or a built-in role's 409, after the body is read.
  'PATCH /api/roles/{id}': { body: 'json', params: { id: 'victimAdmin' }, example: { name: fresh('name'), permissions: ['orders.read'] } },
  'DELETE /api/roles/{id}': { params: { id: 'victimAdmin' } },
  'PUT /api/users/{id}/roles': { body: 'json', params: { id: 'victimAdmin' }, example: { role_ids: [1] } },
  'GET /api/dashboard': {},
  'GET /api/audit': { query: { keys: ['actor_id', 'target_type', 'target_id', 'action', 'from', 'to', 'page'], example: { target_type: 'product', action: 'product.update', from: '2026-01-01', to: '2026-12-31', page: '1' } } },
  'GET /api/audit/export': { query: { keys: ['actor_id', 'target_type', 'target_id', 'action', 'from', 'to'], example: { target_type: 'product', from: '2026-01-01', to: '2026-12-31' } } },
  'GET /api/settings': {},
  'PUT /api/settings': { body: 'json', example: { low_stock_threshold: 6, store_name: 'Totara Home', prices_include_gst: true, time_zone: 'Pacific/Auckland' } },
  'GET /api/finance/transactions': { query: FINANCE_QUERY },
  'POST /api/finance/transactions': { body: 'json', example: { date: '2026-04-20', description: 'Courier', amount: 12.5, type: 'expense' } },
  'GET /api/finance/invoices': { query: FINANCE_QUERY },
  'GET /api/finance/payouts': { query: FINANCE_QUERY },
  'POST /api/finance/payouts': { body: 'json', example: { date: '2026-04-20', amount: 100, recipient: 'Owner', status: 'pending' } },
  'GET /api/finance/report': { query: { keys: ['from', 'to'], example: { from: '2026-01-01', to: '2026-12-31' } } },
};
