/**
 * The contract of every route in app/api, by path and method: who may call it, what it reads
 * (path params, query and request body, as the very zod schemas its handler parses them with) and
 * the success status and schema of its answer. tests/api/contract.test.ts checks every route file is
 * listed here and parses real answers with these schemas; tests/unit/contracts/openapi-inputs.test.ts checks
 * that each operation names the schemas its handler's route() options hold; lib/api/openapi.ts
 * turns the table into /api/openapi.json. Errors always answer `errorJson` (`{ message, code }`).
 */
import { z, type ZodType } from 'zod';
import { addressJson, savedAddressJson, adminJson, adminUserJson, contactJson, loginJson, passwordChangedJson, profileJson, recoveryCodesJson, registeredJson, roleJson, sessionsEndedJson, signedInJson, staffRolesJson, totpEnrolmentJson, twoFactorStatusJson, userDeletedJson, userSessionJson, passkeyCreationOptionsJson, passkeyJson, passkeyRegisteredJson, passkeyRequestOptionsJson } from '@/lib/accounts/contracts';
import { roleCreateSchema, roleUpdateSchema, staffRolesSchema } from '@/lib/accounts/role-schemas';
import { confirmTwoFactorSchema, disableTwoFactorSchema, loginTwoFactorSchema } from '@/lib/accounts/two-factor-schemas';
import { loginPasskeySchema, passkeyOptionsSchema, registerPasskeySchema, removePasskeySchema } from '@/lib/accounts/passkey-schemas';
import { cartClearedJson, cartItemResultJson, cartJson, viewerJson } from '@/lib/cart/contracts';
import { adminCategoryJson, brandJson, bulkEditJson, bulkUndoJson, categoryJson, deleteProductJson, productJson, productPageJson, promotionGroupJson, searchPageJson, suggestionsJson, supplierJson, synonymSetJson } from '@/lib/catalog/contracts';
import { dashboardJson, invoicePageJson, payoutJson, payoutPageJson, transactionJson, transactionPageJson } from '@/lib/finance/contracts';
import { settingsJson } from '@/lib/settings/contracts';
import { discountCodeJson, discountPreviewJson } from '@/lib/discounts/contracts';
import { messageJson, successJson, successMessageJson } from '@/lib/server/contracts';
import { expiryRunJson, orderDeletedJson, orderJson, orderResultJson } from '@/lib/orders/contracts';
import { deliveryDaysJson, deliveryEstimateJson, deliveryQuoteJson, deliveryServiceJson, deliverySetupJson, deliveryZoneJson, pickupLocationJson } from '@/lib/delivery/contracts';
import { adminReviewJson, ownReviewJson, productReviewsJson, reviewQueueJson } from '@/lib/reviews/contracts';
import { orderRefundsJson, refundJson, returnableJson, returnJson, returnPageJson } from '@/lib/orders/after-sale-contracts';
import { orderHistoryJson } from '@/lib/orders/history-contracts';
import { payLaterReturnJson, payLaterStartJson, paymentMethodAddedJson, paymentMethodJson, paymentMethodUpdatedJson, paymentOutcomeJson, paymentsPublicConfigJson, paypalOrderJson, webhookResultJson } from '@/lib/payments/contracts';
import { idParams } from '@/lib/http/route';
import { addressUpdateSchema, changePasswordSchema, contactUpdateSchema, loginSchema, passwordResetRequestSchema, passwordResetSchema, profileUpdateSchema, registerSchema, sessionIdParams } from '@/lib/accounts/schemas';
import { profileAddressSchema } from '@/lib/accounts/address-schema';
import { contactSchema } from '@/lib/accounts/contact-schema';
import { adminUpdateSchema, newAdminSchema, newUserSchema, userListQuerySchema, userUpdateSchema } from '@/lib/accounts/user-admin-schemas';
import { addToCartSchema, updateCartItemSchema } from '@/lib/cart/schemas';
import { brandSchema, brandUpdateSchema } from '@/lib/catalog/admin/brand-schema';
import { categoryCreateSchema, categoryUpdateSchema } from '@/lib/catalog/admin/category-schema';
import { existingImagesSchema, imageMetaSchema, productCreateSchema, productUpdateSchema } from '@/lib/catalog/admin/product-schema';
import { MAX_IMPORT_BYTES, PRODUCT_CSV_COLUMNS, productImportQuery, productImportReportJson } from '@/lib/catalog/admin/product-csv-format';
import { listLimitQuery, productIdParams, productExportQuerySchema, productQuerySchema, suggestQuerySchema } from '@/lib/catalog/query-schema';
import { supplierSchema, supplierUpdateSchema } from '@/lib/catalog/admin/supplier-schema';
import { bulkEditSchema } from '@/lib/catalog/admin/bulk-edit-schema';
import { synonymSetSchema } from '@/lib/catalog/search/synonym-schema';
import { discountCodeCreateSchema, discountCodeUpdateSchema, discountPreviewSchema } from '@/lib/discounts/schemas';
import { financePageQuery, financeTransactionSchema, payoutSchema, reportRangeSchema } from '@/lib/finance/schemas';
import { refundInputSchema, returnQuerySchema, returnRequestSchema, returnUpdateSchema } from '@/lib/orders/after-sale-schemas';
import { deliveryEstimateQuerySchema } from '@/lib/delivery/estimate-schema';
import { pickupInputSchema, serviceCreateSchema, serviceUpdateSchema, zoneInputSchema } from '@/lib/delivery/admin-schemas';
import { orderItemParams, orderItemsSchema, orderMessagesSchema, orderUpdateSchema } from '@/lib/orders/edit-schemas';
import { createOrderSchema, deliveryMoveSchema, deliveryQuoteSchema, orderListQuerySchema, submitOrderSchema } from '@/lib/orders/schemas';
import { orderExportQuerySchema } from '@/lib/orders/search-schema';
import { addPaymentMethodSchema, completePaymentSchema, confirmPaymentSchema, createPaypalOrderSchema, demoAuthenticationSchema, demoPayLaterSchema, startPayLaterSchema, startPaymentElementSchema, submitPaymentSchema, updatePaymentMethodSchema } from '@/lib/payments/schemas';
import { MAX_REVIEW_PHOTOS, moderationSchema, productReviewsQuery, replySchema, reviewIdParams, reviewInputSchema, reviewQueueQuery } from '@/lib/reviews/schemas';
import { settingsSchema } from '@/lib/settings/schemas';
import { accountClosedJson, closeAccountSchema } from '@/lib/accounts/privacy-schemas';
import { marketingConsentJson } from '@/lib/accounts/contracts';
import { marketingConsentSchema, unsubscribeQuerySchema } from '@/lib/accounts/schemas';
import { savedItemResultJson, savedItemsJson } from '@/lib/saved/contracts';
import { savedItemSchema } from '@/lib/saved/schemas';
import { auditPageJson } from '@/lib/accounts/audit-contracts';
import { stockAdjustmentJson, stockLedgerPageJson, stockLevelPageJson, stockLocationJson, stockTransferJson } from '@/lib/stock/contracts';
import { stockAdjustmentSchema, stockLedgerQuerySchema, stockLevelQuerySchema, stockLocationCreateSchema, stockLocationUpdateSchema, stockTransferSchema } from '@/lib/stock/schemas';
import { auditFilterSchema, auditQuerySchema } from '@/lib/accounts/audit-schemas';
import { searchEventSchema } from '@/lib/catalog/search/analytics-schema';
import { stockAlertJson, stockAlertLinkJson } from '@/lib/mail/stock-alert-contracts';
import { stockAlertConfirmSchema, stockAlertRequestSchema, stockAlertTokenQuery } from '@/lib/mail/stock-alert-schemas';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Auth = 'public' | 'user' | 'admin';

/** A body that is not JSON (an image, a CSV download, next-auth's own pages and redirects). */
export type RawBody = { mediaType: string; description: string };

/**
 * A request body the handler reads itself in either of two encodings (the product and review
 * routes, which take files): multipart/form-data, or JSON with the same fields and no files.
 */
export type FormOrJsonBody = {
  /** The fields, parsed with this one schema in both encodings (a form sends each as text). */
  fields: ZodType;
  /** The file parts of the form, each with what it holds (a part may repeat). */
  files: Record<string, string>;
  /** Form parts that hold JSON text, each parsed with its schema. */
  jsonParts?: Record<string, ZodType>;
  /** Members a JSON body may carry besides the fields. */
  jsonMembers?: Record<string, ZodType>;
};

/**
 * What a request sends: a JSON body parsed with this zod schema (route()'s `body`); 'form' for a
 * multipart form handed to the handler as FormData (route()'s `body: 'form'`); a form-or-JSON body
 * the handler reads itself; or a body read as raw text (a signed webhook event).
 */
export type RequestBody = ZodType | 'form' | FormOrJsonBody | RawBody;

export type Operation = {
  summary: string;
  auth: Auth;
  /** Status of a successful answer (204: no body; its response is NO_CONTENT; 303: a redirect, its response says where). */
  status: 200 | 201 | 204 | 303;
  response: ZodType | RawBody;
  /** The path params schema the handler parses with (route()'s `params`). */
  params?: ZodType;
  /** The query schema the handler parses with (route()'s `query`, or the schema its query reader applies). */
  query?: ZodType;
  /** The request body (see RequestBody). */
  body?: RequestBody;
  /** Where the spec names the call (for the OpenAPI description). */
  spec?: string;
  /** Served by a library, not by our code (next-auth): listed, not checked by the contract test. */
  external?: true;
};

/** GET /api/health. */
export const healthJson = z.union([
  z.strictObject({ status: z.literal('ok'), database: z.literal('ok').optional() }),
  z.strictObject({ status: z.literal('unavailable'), message: z.string() }),
]);

/** The response of a 204 answer: no body. */
export const NO_CONTENT: RawBody = { mediaType: '', description: 'No content' };

/** The OpenAPI document itself. */
export const openApiJson = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });

/**
 * One operation; generic in its response so the browser client (lib/api/client.ts) can infer answer
 * types from the table. `response` is R alone (not Operation's union and R), so a CSV or image
 * route's answer infers as a Blob.
 */
const op = <R extends Operation['response']>(summary: string, auth: Auth, response: R, status: Operation['status'] = 200, spec?: string): Omit<Operation, 'response'> & { response: R } => ({ summary, auth, status, response, spec });

/** POST /api/products: the product fields, new image files and their order (lib/catalog/admin/product-request.ts). */
const productCreateBody: FormOrJsonBody = {
  fields: productCreateSchema,
  files: { images: 'The product images: JPEG, PNG, WebP or AVIF, checked by content (repeat the part for several)' },
  jsonParts: { imageMeta: imageMetaSchema },
};
/** PUT /api/products/{id}: as POST, plus the images to keep (`existingImages`, in either encoding). */
const productUpdateBody: FormOrJsonBody = {
  fields: productUpdateSchema,
  files: { images: 'New product images: JPEG, PNG, WebP or AVIF, checked by content (repeat the part for several)' },
  jsonParts: { existingImages: existingImagesSchema, imageMeta: imageMetaSchema },
  jsonMembers: { existingImages: existingImagesSchema },
};
/** POST /api/reviews: the review and its photos (lib/reviews/read-review-form.ts). */
const reviewBody: FormOrJsonBody = {
  fields: reviewInputSchema,
  files: { photos: `Photos of the piece: JPEG, PNG, WebP or AVIF, checked by content; at most ${MAX_REVIEW_PHOTOS}` },
};
/** The product CSV, exported and imported (lib/catalog/admin/product-csv-format.ts; docs/catalogue.md "CSV import and export"). */
const productCsvFile: RawBody = {
  mediaType: 'text/csv',
  description: `CSV, UTF-8, at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB: ${PRODUCT_CSV_COLUMNS.slice(0, 14).join(',')},stock:<location name> (one per stock location),${PRODUCT_CSV_COLUMNS.slice(14).join(',')}; an import may send any subset of the columns with sku`,
};
/** Webhook events are read as text: their signature covers the exact bytes. */
const dataExportZip: RawBody = { mediaType: 'application/zip', description: 'A zip file: account.json, addresses.csv, contacts.csv, payment_methods.csv, orders.csv, order_items.csv, reviews.csv' };
const stripeEventBody: RawBody = { mediaType: 'application/json', description: 'A Stripe event, signed in the Stripe-Signature header' };
const paypalEventBody: RawBody = { mediaType: 'application/json', description: "A PayPal webhook event with PayPal's transmission headers (PayPal confirms the signature)" };

/** Path (OpenAPI style, `{id}` for a `[id]` folder) → method → operation. */
const ROUTES = {
  // System
  '/api/health': { GET: op('Liveness; with ?ready also the database (503 when unreachable)', 'public', healthJson) },
  '/api/openapi.json': { GET: op('This OpenAPI document', 'public', openApiJson) },
  '/api/auth/{nextauth}': {
    GET: { ...op("next-auth's own endpoints (session, CSRF, providers)", 'public', { mediaType: 'application/json', description: 'next-auth response' }), external: true },
    POST: { ...op("next-auth's own endpoints (sign in, sign out)", 'public', { mediaType: 'application/json', description: 'next-auth response or redirect' }), external: true },
  },
  '/api/images/{key}': { GET: op('A stored product image (immutable)', 'public', { mediaType: 'image/*', description: 'The image bytes' }) },

  // Catalogue (spec §7 storefront and admin)
  '/api/products': {
    GET: { ...op('One page of products with filters and search', 'public', productPageJson, 200, '§7 GET /products'), query: productQuerySchema },
    POST: { ...op('Create a product (multipart form or JSON)', 'admin', productJson, 201, '§7 admin POST /products'), body: productCreateBody },
  },
  '/api/products/{id}': {
    GET: { ...op('One product', 'public', productJson, 200, '§7 GET /products/{id}'), params: productIdParams },
    PUT: { ...op("Update a product's fields and images", 'admin', productJson, 200, '§7 admin PUT /products/{id}'), params: productIdParams, body: productUpdateBody },
    DELETE: { ...op('Delete a product, or archive it when past orders contain it', 'admin', deleteProductJson, 200, '§7 admin DELETE /products/{id}'), params: productIdParams },
  },
  '/api/products/export': {
    GET: { ...op("The products of Product Management's current filters (?q&category… as GET /api/products; include_archived=true adds archived ones) as a CSV download", 'admin', productCsvFile), query: productExportQuerySchema },
  },
  '/api/products/import': {
    POST: { ...op('Import products from a CSV file: ?dry_run=1 answers the plan per row (created, updated, unchanged, error), without it the plan is applied in one transaction; matched by SKU', 'admin', productImportReportJson), query: productImportQuery, body: productCsvFile },
  },
  '/api/products/bulk-edits': {
    POST: { ...op('Preview or apply one change (price by % or amount, compare-at, category, brand, featured, shipping class, archive) to the products ticked or every product a filter matches, in one transaction; 400 names a product whose price would fall to $0.00 or below', 'admin', bulkEditJson), body: bulkEditSchema },
  },
  '/api/products/bulk-edits/{id}/undo': {
    POST: { ...op('Undo a bulk edit while none of its products changed since (409 otherwise)', 'admin', bulkUndoJson), params: idParams },
  },
  '/api/products/featured': { GET: { ...op('Featured products', 'public', z.array(productJson), 200, '§7 GET /products/featured'), query: listLimitQuery } },
  '/api/products/latest': { GET: { ...op('The newest products', 'public', z.array(productJson), 200, '§7 GET /products/latest'), query: listLimitQuery } },
  '/api/products/promotions': { GET: { ...op('Promotion groups', 'public', z.array(promotionGroupJson), 200, '§7 GET /products/promotions'), query: listLimitQuery } },
  '/api/products/search': { GET: { ...op('Product search (blank query = full list); did_you_mean when it found nothing', 'public', searchPageJson, 200, '§7 GET /products/search'), query: productQuerySchema } },
  '/api/search/suggest': { GET: { ...op('Suggestions as the shopper types: up to 8 products, categories and rooms, brands (none under 2 characters; 400 over 100)', 'public', suggestionsJson), query: suggestQuerySchema } },
  // Back-in-stock alerts (docs/mail.md "Back-in-stock alerts"): a visitor's confirmed by e-mail first
  '/api/products/{id}/stock-alerts': {
    POST: { ...op("E-mail me when it's back: an alert for an out-of-stock product (signed in: at the account's address; a visitor: after confirming the e-mailed link)", 'public', stockAlertJson), params: productIdParams, body: stockAlertRequestSchema },
  },
  '/api/stock-alerts/confirm': { POST: { ...op("Confirm a visitor's back-in-stock alert with the token of its e-mailed link", 'public', stockAlertLinkJson), body: stockAlertConfirmSchema } },
  '/api/stock-alerts/unsubscribe': {
    // A mail client's one-click POST carries List-Unsubscribe=One-Click as a form body (RFC 8058); only the query's token is read.
    POST: { ...op("One-click unsubscribe (RFC 8058): end every open back-in-stock alert of the token's address", 'public', stockAlertLinkJson), query: stockAlertTokenQuery },
  },
  '/api/products/{id}/reviews': { GET: { ...op("A product's approved reviews, newest first, with its average, count and stars distribution", 'public', productReviewsJson), params: productIdParams, query: productReviewsQuery } },
  '/api/search/events': {
    POST: { ...op('Count a search the shopper was shown (query, how many products) or a result they opened (query); aggregated by day and query, nothing of the shopper kept; 204, 429 past 60 a minute from one address', 'public', NO_CONTENT, 204), body: searchEventSchema },
  },
  '/api/categories': {
    GET: op('Rooms with their subcategories', 'public', z.array(categoryJson), 200, '§7 GET /categories'),
    POST: { ...op('Add a room or a subcategory', 'admin', adminCategoryJson, 201), body: categoryCreateSchema },
  },
  '/api/categories/{id}': {
    PATCH: { ...op('Rename a category or move a subcategory to another room', 'admin', adminCategoryJson), params: idParams, body: categoryUpdateSchema },
    DELETE: { ...op('Delete a category no product is listed in (409 otherwise)', 'admin', successMessageJson), params: idParams },
  },
  '/api/brands': {
    GET: op('Every brand', 'public', z.array(brandJson), 200, '§7 admin GET /brands'),
    POST: { ...op('Add a brand', 'admin', brandJson, 201, '§7 admin POST /brands'), body: brandSchema },
  },
  '/api/brands/{id}': {
    PUT: { ...op('Edit a brand', 'admin', brandJson, 200, '§7 admin PUT /brands/{id}'), params: idParams, body: brandUpdateSchema },
    DELETE: { ...op('Delete a brand no product uses', 'admin', successMessageJson, 200, '§7 admin DELETE /brands/{id}'), params: idParams },
  },
  '/api/suppliers': {
    GET: op('Every supplier', 'admin', z.array(supplierJson), 200, '§7 admin GET /suppliers'),
    POST: { ...op('Add a supplier', 'admin', supplierJson, 201, '§7 admin POST /suppliers'), body: supplierSchema },
  },
  '/api/suppliers/{id}': {
    PUT: { ...op('Edit a supplier', 'admin', supplierJson, 200, '§7 admin PUT /suppliers/{id}'), params: idParams, body: supplierUpdateSchema },
    DELETE: { ...op('Delete a supplier no product uses', 'admin', successMessageJson, 200, '§7 admin DELETE /suppliers/{id}'), params: idParams },
  },
  '/api/search/synonyms': {
    GET: op('Every search synonym set, by its words', 'admin', z.array(synonymSetJson)),
    POST: { ...op('Add a search synonym set (two-way, or one-way from its input); 409 names the set that already holds a word', 'admin', synonymSetJson, 201), body: synonymSetSchema },
  },
  '/api/search/synonyms/{id}': {
    PATCH: { ...op("Replace a search synonym set's kind and words; 409 names the set that already holds a word", 'admin', synonymSetJson), params: idParams, body: synonymSetSchema },
    DELETE: { ...op('Delete a search synonym set', 'admin', successMessageJson), params: idParams },
  },

  // Cart (spec §7 storefront)
  '/api/viewer': { GET: op('Who is browsing (null for a visitor) and the units in their cart, for the header of the cached pages', 'public', viewerJson) },
  '/api/cart': { GET: op("The signed-in user's cart", 'user', cartJson, 200, '§7 GET /cart') },
  '/api/cart/add': { POST: { ...op('Add a product to the cart', 'user', cartItemResultJson, 200, '§7 POST /cart/add'), body: addToCartSchema } },
  '/api/cart/update': { PUT: { ...op("Change a cart line's quantity", 'user', cartItemResultJson, 200, '§7 PUT /cart/update'), body: updateCartItemSchema } },
  '/api/cart/remove/{id}': { DELETE: { ...op('Remove a cart line', 'user', messageJson, 200, '§7 DELETE /cart/remove/{cart_item_id}'), params: idParams } },
  '/api/cart/clear': { POST: op('Empty the cart', 'user', cartClearedJson, 200, '§7 POST /cart/clear') },

  // Orders (spec §7 storefront and admin)
  '/api/orders': {
    GET: { ...op('Orders, newest first (own, or all for an admin), optionally searched (?q order number, customer name or e-mail; ?from, ?to days); paging in X-Total-Count, X-Page, X-Per-Page, X-Total-Pages', 'user', z.array(orderJson), 200, '§7 GET /orders'), query: orderListQuerySchema },
    POST: { ...op('Place an order from cart lines', 'user', orderResultJson, 201, '§7 POST /orders'), body: createOrderSchema },
  },
  '/api/delivery/zones': {
    GET: op('Delivery zones with their services, and the pickup locations', 'admin', deliverySetupJson),
    POST: { ...op('Add a delivery zone', 'admin', deliveryZoneJson, 201), body: zoneInputSchema },
  },
  '/api/delivery/zones/{id}': {
    PUT: { ...op('Change a delivery zone', 'admin', deliveryZoneJson), params: idParams, body: zoneInputSchema },
    DELETE: { ...op('Delete a delivery zone and its services (past orders keep their names)', 'admin', messageJson), params: idParams },
  },
  '/api/delivery/services': { POST: { ...op('Add a delivery service to a zone', 'admin', deliveryServiceJson, 201), body: serviceCreateSchema } },
  '/api/delivery/services/{id}': {
    PUT: { ...op('Change a delivery service (orders placed keep their fee)', 'admin', deliveryServiceJson), params: idParams, body: serviceUpdateSchema },
    DELETE: { ...op('Delete a delivery service', 'admin', messageJson), params: idParams },
  },
  '/api/delivery/pickup-locations': { POST: { ...op('Add a click & collect pickup location', 'admin', pickupLocationJson, 201), body: pickupInputSchema } },
  '/api/delivery/pickup-locations/{id}': { PUT: { ...op('Change or switch off a pickup location', 'admin', pickupLocationJson), params: idParams, body: pickupInputSchema } },
  '/api/delivery/estimate': { GET: { ...op("A product's delivery for the signed-in customer's saved address (the service checkout preselects), or from the lowest price without one", 'user', deliveryEstimateJson), query: deliveryEstimateQuerySchema } },
  '/api/delivery/quote': { POST: { ...op('The delivery services that fit selected cart lines for an address, priced by the server, cheapest first', 'user', deliveryQuoteJson), body: deliveryQuoteSchema } },
  '/api/orders/export': { GET: { ...op("The orders of Order Management's current selection (?status&q&from&to) as a CSV download", 'admin', { mediaType: 'text/csv', description: 'CSV: order_id,order_date,status,payment_status,payment_method,customer,contact_name,contact_email,contact_phone,items,subtotal,shipping_fee,gst,total_amount,currency' }), query: orderExportQuerySchema } },
  '/api/orders/submit': { POST: { ...op('Choose how an order will be paid', 'user', orderResultJson, 200, '§7 POST /orders/submit'), body: submitOrderSchema } },
  '/api/orders/{id}': {
    GET: { ...op('One order', 'user', orderJson, 200, '§7 GET /orders/{id}'), params: idParams },
    PUT: { ...op("Set an order's status", 'admin', orderJson, 200, '§7 admin PUT /orders/{id}'), params: idParams, body: orderUpdateSchema },
    DELETE: { ...op('Cancel (customer) or delete (admin) an order', 'user', orderDeletedJson, 200, '§7 DELETE /orders/{id}'), params: idParams },
  },
  '/api/orders/{id}/delivery': {
    GET: { ...op("A two-person order's booked day, the last day it may be changed and the days with room it may move to (owner or admin)", 'user', deliveryDaysJson), params: idParams },
    PATCH: { ...op('Move the booked delivery to another day and window (owner or admin; until two working days before it)', 'user', orderJson), params: idParams, body: deliveryMoveSchema },
  },
  '/api/orders/{id}/items': { PUT: { ...op("Change quantities and unit prices of an order's items", 'admin', orderJson, 200, '§7 admin PUT /orders/{id}/items'), params: idParams, body: orderItemsSchema } },
  '/api/orders/{id}/items/{itemId}': { DELETE: { ...op('Remove an item from an order', 'admin', orderJson, 200, '§7 admin DELETE /orders/{id}/items/{itemId}'), params: orderItemParams } },
  '/api/orders/{id}/messages': { PUT: { ...op('Set the customer and sales messages', 'admin', orderJson, 200, '§7 admin PUT /orders/{id}/messages'), params: idParams, body: orderMessagesSchema } },
  '/api/orders/{id}/invoice': { GET: { ...op("The order's tax invoice as a PDF (owner or admin; paid orders)", 'user', { mediaType: 'application/pdf', description: 'PDF: the tax invoice' }), params: idParams } },
  '/api/orders/{id}/credit-notes/{number}': { GET: op('One credit note of the order as a PDF (owner or admin; number like CN-000007)', 'user', { mediaType: 'application/pdf', description: 'PDF: the credit note of a refund' }) },
  // Discount codes: administrators manage them; a customer previews one on the cart
  '/api/discount-codes': {
    GET: op('Every discount code, newest first, with its uses (orders carrying it that are not cancelled) and state', 'admin', z.array(discountCodeJson)),
    POST: { ...op('Create a discount code (percent or fixed; minimum spend, dates, use limits, categories)', 'admin', discountCodeJson, 201), body: discountCodeCreateSchema },
  },
  '/api/discount-codes/{id}': {
    PATCH: { ...op('Edit a discount code or switch it off', 'admin', discountCodeJson), params: idParams, body: discountCodeUpdateSchema },
    DELETE: { ...op('Delete a discount code no order ever carried (409 otherwise: switch it off)', 'admin', messageJson), params: idParams },
  },
  '/api/discount-codes/preview': { POST: { ...op("A discount code priced on the signed-in customer's cart lines, with the order's totals", 'user', discountPreviewJson), body: discountPreviewSchema } },
  '/api/orders/{id}/completePayment': { POST: { ...op('Finish a PayPal payment', 'user', paymentOutcomeJson, 200, '§7 POST /orders/{id}/completePayment'), params: idParams, body: completePaymentSchema } },
  '/api/orders/{id}/refunds': {
    GET: { ...op("An order's refunds and what may still be refunded (admin or the order's owner)", 'user', orderRefundsJson), params: idParams },
    POST: { ...op('Refund chosen lines, an amount and/or the delivery fee through the payment gateway (idempotencyKey: a repeat returns the same refund)', 'admin', refundJson, 201), params: idParams, body: refundInputSchema },
  },
  '/api/orders/{id}/history': { GET: { ...op("The order's history: status changes, payments, refunds and messages, who and when (admin: staff words; the order's owner: customer words)", 'user', orderHistoryJson), params: idParams } },
  '/api/orders/{id}/returns': {
    GET: { ...op('What the customer may still return of their order, and until when', 'user', returnableJson), params: idParams },
    POST: { ...op('Ask to return items of a delivered order within the return window', 'user', returnJson, 201), params: idParams, body: returnRequestSchema },
  },
  '/api/returns': { GET: { ...op('The Returns queue (admin; ?status, ?order_id, ?page) or the customer’s own returns', 'user', returnPageJson), query: returnQuerySchema } },
  '/api/returns/{id}': { PUT: { ...op('Approve or decline (with a message), mark received, or refund a return with restock', 'admin', returnJson), params: idParams, body: returnUpdateSchema } },

  // Reviews: verified buyers review delivered order lines; administrators moderate
  '/api/reviews': {
    GET: { ...op('The moderation queue: reviews of one status, with the count of each', 'admin', reviewQueueJson), query: reviewQueueQuery },
    POST: { ...op('Review a delivered order line (multipart form with photos, or JSON)', 'user', ownReviewJson, 201), body: reviewBody },
  },
  '/api/reviews/mine': { GET: op("The signed-in customer's reviews with their status", 'user', z.array(ownReviewJson)) },
  '/api/reviews/{id}': { PUT: { ...op('Approve a review, or reject it with a reason', 'admin', adminReviewJson), params: reviewIdParams, body: moderationSchema } },
  '/api/reviews/{id}/reply': { PUT: { ...op("The shop's public reply to a review", 'admin', adminReviewJson), params: reviewIdParams, body: replySchema } },

  // Payments (spec §7 storefront)
  '/api/stripe-key': { GET: op("The card provider's public key and payment modes", 'public', paymentsPublicConfigJson, 200, '§7 GET /stripe-key') },
  '/api/payments/methods': { GET: op("The user's saved payment methods", 'user', z.array(paymentMethodJson), 200, '§7 GET /payments/methods') },
  '/api/payments/methods/add': { POST: { ...op('Save a card or PayPal account', 'user', paymentMethodAddedJson, 201, '§7 POST /payments/methods/add'), body: addPaymentMethodSchema } },
  '/api/payments/methods/{id}': {
    DELETE: { ...op('Remove a saved payment method', 'user', messageJson, 200, '§7 DELETE /payments/methods/{id}'), params: idParams },
    PATCH: { ...op('Make a saved payment method the default', 'user', paymentMethodUpdatedJson), params: idParams, body: updatePaymentMethodSchema },
  },
  '/api/payments/submit': { POST: { ...op('Pay an order with a saved card or a new card (saved only on request, once paid)', 'user', paymentOutcomeJson, 200, '§7 POST /payments/submit'), body: submitPaymentSchema } },
  '/api/payments/confirm': { POST: { ...op('Record a card payment after 3-D Secure', 'user', paymentOutcomeJson), body: confirmPaymentSchema } },
  '/api/payments/demo/authenticate': { POST: { ...op("The demo gateway's 3-D Secure step", 'user', paymentOutcomeJson), body: demoAuthenticationSchema } },
  '/api/payments/intent': { POST: { ...op("Create the PaymentIntent Stripe's Payment Element confirms: card plus Afterpay and Klarna where they apply (Stripe only)", 'user', payLaterStartJson), body: startPaymentElementSchema } },
  '/api/payments/pay-later': { POST: { ...op('Start paying an order with Afterpay or Klarna (paid by the webhook only)', 'user', payLaterStartJson), body: startPayLaterSchema } },
  '/api/payments/demo/pay-later': { POST: { ...op("The demo approval page's answer for Afterpay or Klarna", 'user', payLaterReturnJson), body: demoPayLaterSchema } },
  '/api/payments/paypal/orders': { POST: { ...op('Create the PayPal order for one of our orders', 'user', paypalOrderJson, 201), body: createPaypalOrderSchema } },
  '/api/webhooks/stripe': { POST: { ...op('Stripe events (signed)', 'public', webhookResultJson), body: stripeEventBody } },
  '/api/webhooks/paypal': { POST: { ...op("PayPal events (confirmed by PayPal's verify-webhook-signature): refunds made at PayPal", 'public', webhookResultJson), body: paypalEventBody } },

  // Scheduled jobs: no user session; the scheduler sends Authorization: Bearer <CRON_SECRET> (401 otherwise)
  '/api/cron/expire-orders': { GET: op('Release unpaid orders whose hold ran out, retry pending refunds and deliver due e-mails (scheduler only: Bearer CRON_SECRET)', 'public', expiryRunJson) },

  // Accounts (spec §7 storefront)
  '/api/users/login': { POST: { ...op('Exchange credentials for a bearer token (or, with two-factor sign-in on, a 5-minute challenge)', 'public', loginJson, 200, '§7 POST /users/login'), body: loginSchema } },
  '/api/users/login/two-factor': { POST: { ...op('Second step of signing in: the challenge and a TOTP or recovery code for a bearer token', 'public', signedInJson), body: loginTwoFactorSchema } },
  '/api/users/login/passkey/options': { POST: { ...op('A 5-minute WebAuthn challenge: with the password step\'s challenge for that account\'s passkeys, empty for a passkey sign-in of its own', 'public', passkeyRequestOptionsJson), body: passkeyOptionsSchema } },
  '/api/users/login/passkey': { POST: { ...op('Sign in with a passkey (alone, or with the challenge as the second factor) for a bearer token', 'public', signedInJson), body: loginPasskeySchema } },
  '/api/users/register': { POST: { ...op('Create a customer account', 'public', registeredJson, 201, '§7 POST /users/register'), body: registerSchema } },
  '/api/users/profile': {
    GET: op("The signed-in user's profile", 'user', profileJson, 200, '§7 GET /users/profile'),
    PUT: { ...op('Update the profile', 'user', profileJson, 200, '§7 PUT /users/profile'), body: profileUpdateSchema },
  },
  '/api/users/profile/change-password': { PUT: { ...op('Set a new password, given the current one (ends every other session and token)', 'user', passwordChangedJson, 200, '§7 PUT /users/profile/change-password'), body: changePasswordSchema } },
  '/api/users/profile/sessions': {
    GET: op('The signed-in devices of my account (browsers and bearer tokens), this one first', 'user', z.array(userSessionJson)),
    DELETE: op('Sign out every other device of my account at once', 'user', sessionsEndedJson),
  },
  '/api/users/profile/sessions/{id}': { DELETE: { ...op('Sign one of my devices out at once', 'user', messageJson), params: sessionIdParams } },
  '/api/profile/data-export': { GET: op('Download my data: a zip of account.json and CSV files (addresses, contacts, payment methods, orders, order items, reviews)', 'user', dataExportZip) },
  '/api/profile/close': { POST: { ...op('Close my account, given my password: personal fields anonymised, orders and tax invoices kept, saved cards detached, sign-in ends', 'user', accountClosedJson), body: closeAccountSchema } },
  '/api/users/profile/marketing-consent': {
    GET: op('Whether the signed-in customer agreed to marketing e-mail, since when, and the words of the box', 'user', marketingConsentJson),
    PUT: { ...op('Agree to marketing e-mail (recorded with the time and the wording shown) or withdraw, at once', 'user', marketingConsentJson), body: marketingConsentSchema },
  },
  '/api/unsubscribe': {
    GET: { ...op('An unsubscribe link opened: changes nothing, sends the browser to the confirmation page /unsubscribe?token=…', 'public', { mediaType: '', description: 'See Other: /unsubscribe?token=…' }, 303), query: unsubscribeQuerySchema },
    POST: { ...op('One-click unsubscribe from marketing e-mail (RFC 8058 List-Unsubscribe-Post, or the confirmation page): the signed token names the account; an altered token → 400, nothing changes', 'public', marketingConsentJson), query: unsubscribeQuerySchema },
  },
  '/api/saved-items': {
    GET: op("The signed-in customer's saved items, newest first: price when saved and now, stock, availability", 'user', savedItemsJson),
    POST: { ...op('Save a product for later (saving it again keeps one row and its first price); 404 for an unknown product', 'user', savedItemResultJson), body: savedItemSchema },
    DELETE: { ...op('Remove a product from the saved items; 404 when it is not saved', 'user', messageJson), body: savedItemSchema },
  },
  '/api/saved-items/move-to-cart': { POST: { ...op('Put one of a saved product in the cart (the cart\'s stock rules) and take it off the saved items', 'user', messageJson), body: savedItemSchema } },
  '/api/users/profile/two-factor': {
    GET: op('Whether two-factor sign-in is on, and how many recovery codes are left', 'user', twoFactorStatusJson),
    POST: op('Start TOTP enrolment: a new secret, its otpauth URL and QR code', 'user', totpEnrolmentJson),
  },
  '/api/users/profile/two-factor/confirm': { POST: { ...op('Turn two-factor sign-in on with the first code; answers the 10 recovery codes once', 'user', recoveryCodesJson), body: confirmTwoFactorSchema } },
  '/api/users/profile/two-factor/disable': { POST: { ...op('Turn two-factor sign-in off, given the password and a code', 'user', messageJson), body: disableTwoFactorSchema } },
  '/api/users/profile/two-factor/recovery-codes': { POST: { ...op('Replace the recovery codes, given the password and a code; answers the 10 new ones once', 'user', recoveryCodesJson), body: disableTwoFactorSchema } },
  '/api/users/profile/passkeys': {
    GET: op("The signed-in account's passkeys", 'user', z.array(passkeyJson)),
    POST: { ...op('Add a passkey: the authenticator\'s answer to the options (answers 10 recovery codes once when the account had none)', 'user', passkeyRegisteredJson, 201), body: registerPasskeySchema },
  },
  '/api/users/profile/passkeys/options': { POST: op('A 5-minute WebAuthn challenge to add a passkey', 'user', passkeyCreationOptionsJson) },
  '/api/users/profile/passkeys/{id}': { DELETE: { ...op('Remove a passkey, given the password', 'user', messageJson), params: idParams, body: removePasskeySchema } },
  '/api/users/password-reset': { POST: { ...op('Forgot password: e-mail a single-use reset link (the same answer for any address)', 'public', messageJson), body: passwordResetRequestSchema } },
  '/api/users/password-reset/confirm': { POST: { ...op('Set a new password with a reset link', 'public', messageJson), body: passwordResetSchema } },
  '/api/users/addresses': {
    GET: op("The user's delivery addresses", 'user', z.array(addressJson), 200, '§7 GET /users/addresses'),
    POST: { ...op('Add a delivery address (says when the shop does not deliver there)', 'user', savedAddressJson, 201, '§7 POST /users/addresses'), body: profileAddressSchema },
  },
  '/api/users/addresses/{id}': {
    PUT: { ...op('Edit an address or make it the default (says when the shop does not deliver there)', 'user', savedAddressJson), params: idParams, body: addressUpdateSchema },
    DELETE: { ...op('Remove an address', 'user', successJson, 200, '§7 DELETE /users/addresses/{id}'), params: idParams },
  },
  '/api/users/contacts': {
    GET: op("The user's contacts", 'user', z.array(contactJson), 200, '§7 GET /users/contacts'),
    POST: { ...op('Add a contact', 'user', contactJson, 201, '§7 POST /users/contacts'), body: contactSchema },
  },
  '/api/users/contacts/{id}': {
    PUT: { ...op('Edit a contact or make it the default', 'user', contactJson), params: idParams, body: contactUpdateSchema },
    DELETE: { ...op('Remove a contact', 'user', successJson, 200, '§7 DELETE /users/contacts/{id}'), params: idParams },
  },

  // Back office (spec §7 admin)
  '/api/users': {
    GET: { ...op('Accounts, oldest first, optionally searched (?q user name, e-mail or name); paging (?page, ?limit ≤ 100) in X-Total-Count, X-Page, X-Per-Page, X-Total-Pages', 'admin', z.array(adminUserJson), 200, '§7 admin GET /users'), query: userListQuerySchema },
    POST: { ...op('Add a user', 'admin', adminUserJson, 201, '§7 admin POST /users'), body: newUserSchema },
  },
  '/api/users/{id}': {
    PUT: { ...op('Edit a user', 'admin', adminUserJson, 200, '§7 admin PUT /users/{id}'), params: idParams, body: userUpdateSchema },
    DELETE: { ...op('Delete a user, or deactivate one with orders', 'admin', userDeletedJson, 200, '§7 admin DELETE /users/{id}'), params: idParams },
  },
  '/api/users/{id}/reset-password': { POST: { ...op('E-mail the user a password reset link (replaces the spec\'s PUT {newPassword}: staff never set a password)', 'admin', successMessageJson, 200, '§7 admin PUT /users/{id}/reset-password'), params: idParams } },
  '/api/users/{id}/data-export': { GET: { ...op("A customer's data as a zip, downloaded by staff on the customer's behalf", 'admin', dataExportZip), params: idParams } },
  '/api/users/{id}/close': { POST: { ...op("Close a customer's account on their behalf (no password): as POST /api/profile/close", 'admin', accountClosedJson), params: idParams } },
  '/api/admins': {
    GET: op('Active administrators', 'admin', z.array(adminJson), 200, '§7 admin GET /admins'),
    POST: { ...op('Add an administrator', 'admin', adminJson, 201, '§7 admin POST /admins'), body: newAdminSchema },
  },
  '/api/admins/{id}': {
    PUT: { ...op('Edit an administrator', 'admin', adminJson, 200, '§7 admin PUT /admins/{id}'), params: idParams, body: adminUpdateSchema },
    DELETE: { ...op('Remove administrator rights (the account stays)', 'admin', successJson, 200, '§7 admin DELETE /admins/{id}'), params: idParams },
  },
  // Staff roles (docs/accounts-and-security.md "Staff roles and permissions"): staff.manage
  '/api/roles': {
    GET: op('Every staff role, built-in first, with its permissions and how many active staff hold it', 'admin', z.array(roleJson)),
    POST: { ...op('Add a custom role (400 an unknown permission; 403 one the caller does not hold; 409 the name exists)', 'admin', roleJson, 201), body: roleCreateSchema },
  },
  '/api/roles/{id}': {
    PATCH: { ...op("Edit a custom role's name, description or permissions (409 a built-in role)", 'admin', roleJson), params: idParams, body: roleUpdateSchema },
    DELETE: { ...op('Delete a custom role no staff member holds (409 otherwise, or built-in)', 'admin', messageJson), params: idParams },
  },
  '/api/users/{id}/roles': { PUT: { ...op("Set a staff member's roles (403 one carrying a permission the caller does not hold; 409 the last Owner's Owner role)", 'admin', staffRolesJson), params: idParams, body: staffRolesSchema } },
  // The audit log (docs/back-office.md "Audit log"): audit.read
  '/api/audit': { GET: { ...op('The audit log, newest first, filtered by staff member (actor_id), target (target_type, target_id), action and days (from, to), 25 a page', 'admin', auditPageJson), query: auditQuerySchema } },
  '/api/audit/export': { GET: { ...op('The filtered audit log as a CSV download (one line per changed field)', 'admin', { mediaType: 'text/csv', description: 'CSV: id,at,staff_id,staff_name,staff_email,action,target_type,target_id,target_label,field,before,after,client_address,user_agent' }), query: auditFilterSchema } },
  // Stock by location and its ledger (docs/stock.md "The API"): stock.manage
  '/api/stock-levels': { GET: { ...op('Stock by product and location (on hand, reserved, available), searched by name or SKU (q), filtered by location_id and state (all|low|out), 25 a page', 'admin', stockLevelPageJson), query: stockLevelQuerySchema } },
  '/api/stock-adjustments': { POST: { ...op("Adjust a product's stock at a location: received, damaged (units in or out) or count (sets on hand); one ledger row naming the staff member (409 taking off more than is available)", 'admin', stockAdjustmentJson, 201), body: stockAdjustmentSchema } },
  '/api/stock-transfers': { POST: { ...op('Move units of a product between two stock locations: two transfer ledger rows in one transaction (409 more than is available at the source; nothing written)', 'admin', stockTransferJson, 201), body: stockTransferSchema } },
  '/api/products/{id}/stock-ledger': { GET: { ...op("A product's stock history, newest first, 25 a page (optionally at one location_id), with its levels now", 'admin', stockLedgerPageJson), params: idParams, query: stockLedgerQuerySchema } },
  '/api/stock-locations': {
    GET: op('Every stock location (live first, archived last) with its pickup location, zones and units on hand', 'admin', z.array(stockLocationJson)),
    POST: { ...op('Create a stock location (409 the name is taken, or its pickup location is another location’s)', 'admin', stockLocationJson, 201), body: stockLocationCreateSchema },
  },
  '/api/stock-locations/{id}': {
    PATCH: { ...op('Edit a stock location; zone_ids replaces the zones it ships to', 'admin', stockLocationJson), params: idParams, body: stockLocationUpdateSchema },
    DELETE: { ...op('Archive a stock location (409 the default location, or one holding units)', 'admin', stockLocationJson), params: idParams },
  },
  '/api/dashboard': { GET: op('Dashboard figures', 'admin', dashboardJson, 200, '§7 admin GET /dashboard') },
  '/api/settings': {
    GET: op('The settings map', 'admin', settingsJson, 200, '§7 admin GET /settings'),
    PUT: { ...op('Save settings (keys left out keep their value)', 'admin', settingsJson, 200, '§7 admin PUT /settings'), body: settingsSchema },
  },
  '/api/finance/transactions': {
    GET: { ...op('Transaction history', 'admin', transactionPageJson), query: financePageQuery },
    POST: { ...op('Add a manual transaction', 'admin', transactionJson, 201), body: financeTransactionSchema },
  },
  '/api/finance/invoices': { GET: { ...op('Invoices from orders', 'admin', invoicePageJson), query: financePageQuery } },
  '/api/finance/payouts': {
    GET: { ...op('Recorded payouts', 'admin', payoutPageJson), query: financePageQuery },
    POST: { ...op('Record a payout', 'admin', payoutJson, 201), body: payoutSchema },
  },
  '/api/finance/report': { GET: { ...op('The financial report for a date range', 'admin', { mediaType: 'text/csv', description: 'CSV: date,type,description,reference,amount,gst, then totals rows (type total)' }), query: reportRangeSchema } },
} satisfies Record<string, Partial<Record<Method, Operation>>>;

export const API_ROUTES: Record<string, Partial<Record<Method, Operation>>> = ROUTES;
export type ApiRoutes = typeof ROUTES;
export type ApiPath = keyof ApiRoutes;
/** The methods one path answers. */
export type MethodOf<P extends ApiPath> = keyof ApiRoutes[P] & Method;
/** The body of a successful answer, inferred from the path's response schema (a Blob for CSV, images and the like). */
export type ResponseOf<P extends ApiPath, M extends MethodOf<P>> = ApiRoutes[P][M] extends { response: infer R } ? (R extends ZodType ? z.output<R> : Blob) : never;

/** True when an operation answers (or, for a body, reads) JSON described by a zod schema. */
export const isJsonSchema = (r: Operation['response'] | RequestBody | undefined): r is ZodType => typeof (r as ZodType | undefined)?.safeParse === 'function';

/** `app/api/products/[id]/route.ts` → `/api/products/{id}` (catch-all `[...key]` → `{key}`). */
export const pathOfRouteFile = (file: string) =>
  '/' +
  file
    .replace(/^app\//, '')
    .replace(/\/route\.ts$/, '')
    .replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '{$1}');
