/**
 * Reviews from verified buyers: who may review what (only delivered lines, once per
 * line, only one's own), who moderates (administrators only), what counts in a product's rating
 * (approved reviews only; a rejected one leaves the average), photos checked by content, the
 * listing's "4 stars and up" filter and rating sort, and the review request e-mail after delivery.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages, products, reviewPhotos, reviews, settings, type Product } from '@/db/schema';
import * as productReviewsRoute from '@/app/api/products/[id]/reviews/route';
import * as productsRoute from '@/app/api/products/route';
import * as reviewsRoute from '@/app/api/reviews/route';
import * as mineRoute from '@/app/api/reviews/mine/route';
import * as moderateRoute from '@/app/api/reviews/[id]/route';
import * as replyRoute from '@/app/api/reviews/[id]/reply/route';
import * as orderRoute from '@/app/api/orders/[id]/route';
import * as itemRoute from '@/app/api/orders/[id]/items/[itemId]/route';
import * as settingsRoute from '@/app/api/settings/route';
import { listOutbox } from '@/lib/mail/admin';
import { renderMail } from '@/lib/mail/templates';
import { createOrder } from '../support/admin-ops';
import { fileOf, makeImage } from '../support/admin-catalog';
import { shopper } from '../support/buying';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';

let uploadDir: string;
beforeAll(() => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'review-uploads-'));
  process.env.UPLOAD_DIR = uploadDir;
});
afterAll(() => {
  delete process.env.UPLOAD_DIR;
  fs.rmSync(uploadDir, { recursive: true, force: true });
});
afterEach(async () => {
  await db.delete(settings).where(eq(settings.key, 'review_request_delay_days'));
});

type Shopper = Awaited<ReturnType<typeof shopper>>;

/** A customer with an order of `product` in `status` (default delivered); returns the order line. */
async function boughtLine(product?: Product, status: 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled' = 'delivered', who?: Shopper) {
  const s = who ?? (await shopper());
  const { order, items } = await createOrder({ userId: s.user.id, lines: [{ product }], status, paymentStatus: status === 'pending' ? 'unpaid' : 'paid' });
  return { shopper: s, order, item: items[0] };
}

const review = (overrides: Record<string, unknown> = {}) => ({ rating: 5, title: 'Lovely piece', body: 'Sturdy, handsome and easy to put together.', ...overrides });
const postReview = (token: string | undefined, body: unknown) => call(reviewsRoute.POST, { method: 'POST', url: '/api/reviews', token, body });
const moderate = (token: string | undefined, id: number, body: unknown) => call(moderateRoute.PUT, { method: 'PUT', url: `/api/reviews/${id}`, params: { id: String(id) }, token, body });
const productReviews = (productId: number, page = 1) => call(productReviewsRoute.GET, { url: `/api/products/${productId}/reviews?page=${page}`, params: { id: String(productId) } });
const ratingOf = async (productId: number) => (await db.select({ average: products.ratingAverage, count: products.ratingCount }).from(products).where(eq(products.id, productId)))[0];

/** A delivered line of `product` reviewed with `rating` and moderated to `status` by an administrator. */
async function reviewed(product: Product, rating: number, admin: Shopper, status?: 'approved' | 'rejected') {
  const { shopper: s, item } = await boughtLine(product);
  const res = await postReview(s.token, review({ order_item_id: item.id, rating }));
  expect(res.status).toBe(201);
  if (status) expect((await moderate(admin.token, res.body.review_id, status === 'approved' ? { status } : { status, reason: 'Not about the product.' })).status).toBe(200);
  return res.body.review_id as number;
}

describe('POST /api/reviews — verified buyers only', () => {
  test('POST /api/reviews — a delivered line is reviewed once: 201 pending, then 409 "already reviewed"', async () => {
    const { shopper: s, item } = await boughtLine();
    const first = await postReview(s.token, review({ order_item_id: item.id, rating: 4 }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ order_item_id: item.id, rating: 4, status: 'pending', rejection_reason: null });
    const again = await postReview(s.token, review({ order_item_id: item.id, rating: 1, title: 'Changed my mind' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reviewed this item.');
    expect(await db.select().from(reviews).where(eq(reviews.orderItemId, item.id))).toHaveLength(1);
  });

  test.each(['pending', 'processing', 'shipped', 'cancelled'] as const)('POST /api/reviews — a line of a %s order is refused (409) and nothing is written', async (status) => {
    const { shopper: s, item } = await boughtLine(undefined, status);
    const res = await postReview(s.token, review({ order_item_id: item.id }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You can review an item once its order has been delivered.');
    expect(await db.select().from(reviews).where(eq(reviews.orderItemId, item.id))).toHaveLength(0);
  });

  test("POST /api/reviews — another customer's line is not found (404); signed out is 401", async () => {
    const { item } = await boughtLine();
    const stranger = await shopper();
    expect((await postReview(stranger.token, review({ order_item_id: item.id }))).status).toBe(404);
    expect((await postReview(undefined, review({ order_item_id: item.id }))).status).toBe(401);
    expect(await db.select().from(reviews).where(eq(reviews.orderItemId, item.id))).toHaveLength(0);
  });

  test('POST /api/reviews — rating outside 1–5, a blank title or a too short text is 400', async () => {
    const { shopper: s, item } = await boughtLine();
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { title: '  ' }, { body: 'Nice.' }]) {
      const res = await postReview(s.token, review({ order_item_id: item.id, ...bad }));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await db.select().from(reviews).where(eq(reviews.orderItemId, item.id))).toHaveLength(0);
  });

  test('POST /api/reviews — photos are checked by content: a real JPEG is stored as WebP; a text file named .jpg is 400 and nothing is kept', async () => {
    const { shopper: s, item } = await boughtLine();
    const fake = new FormData();
    for (const [k, v] of Object.entries(review({ order_item_id: item.id }))) fake.set(k, String(v));
    fake.append('photos', fileOf('definitely not a picture', 'sofa.jpg', 'image/jpeg'));
    const refused = await postReview(s.token, fake);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/not a JPEG, PNG, WebP or AVIF image/);
    expect(await db.select().from(reviews).where(eq(reviews.orderItemId, item.id))).toHaveLength(0);

    const real = new FormData();
    for (const [k, v] of Object.entries(review({ order_item_id: item.id }))) real.set(k, String(v));
    real.append('photos', fileOf(await makeImage('jpeg', 120, 80), 'sofa.jpg', 'image/jpeg'));
    const ok = await postReview(s.token, real);
    expect(ok.status).toBe(201);
    expect(ok.body.photos).toHaveLength(1);
    expect(ok.body.photos[0]).toMatchObject({ width: 120, height: 80 });
    const [photo] = await db.select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, ok.body.review_id));
    expect(fs.readFileSync(path.join(uploadDir, photo.storageKey!.replace(/^local:/, ''))).subarray(8, 12).toString()).toBe('WEBP');
  });

  test('GET /api/reviews/mine — a customer sees their own reviews only', async () => {
    const { shopper: a, item } = await boughtLine();
    const { shopper: b } = await boughtLine();
    await postReview(a.token, review({ order_item_id: item.id }));
    const mine = await call(mineRoute.GET, { url: '/api/reviews/mine', token: a.token });
    expect(mine.body.map((r: { order_item_id: number }) => r.order_item_id)).toEqual([item.id]);
    expect((await call(mineRoute.GET, { url: '/api/reviews/mine', token: b.token })).body).toEqual([]);
  });
});

describe('moderation — administrators only', () => {
  test('PUT /api/reviews/{id}, PUT /api/reviews/{id}/reply, GET /api/reviews — a customer gets 403, a visitor 401, and nothing changes', async () => {
    const product = await createProduct();
    const { shopper: s, item } = await boughtLine(product);
    const { body } = await postReview(s.token, review({ order_item_id: item.id }));
    for (const token of [s.token, undefined]) {
      expect((await moderate(token, body.review_id, { status: 'approved' })).status).toBe(token ? 403 : 401);
      expect((await call(replyRoute.PUT, { method: 'PUT', url: `/api/reviews/${body.review_id}/reply`, params: { id: String(body.review_id) }, token, body: { reply: 'Thanks!' } })).status).toBe(token ? 403 : 401);
      expect((await call(reviewsRoute.GET, { url: '/api/reviews', token })).status).toBe(token ? 403 : 401);
    }
    const [row] = await db.select().from(reviews).where(eq(reviews.id, body.review_id));
    expect(row).toMatchObject({ status: 'pending', reply: null });
    expect(await db.select().from(outboxMessages).where(like(outboxMessages.eventKey, `review-moderated:${body.review_id}:%`))).toHaveLength(0);
    expect(await ratingOf(product.id)).toEqual({ average: null, count: 0 });
  });

  test('PUT /api/reviews/{id} — rejecting needs a reason (400); the reason reaches the author, not the product page', async () => {
    const admin = await shopper({ isAdmin: true });
    const product = await createProduct();
    const { shopper: s, item } = await boughtLine(product);
    const { body } = await postReview(s.token, review({ order_item_id: item.id }));
    expect((await moderate(admin.token, body.review_id, { status: 'rejected' })).status).toBe(400);
    expect((await moderate(admin.token, body.review_id, { status: 'rejected', reason: 'Mentions a competitor by name.' })).status).toBe(200);
    const mine = await call(mineRoute.GET, { url: '/api/reviews/mine', token: s.token });
    expect(mine.body[0]).toMatchObject({ status: 'rejected', rejection_reason: 'Mentions a competitor by name.' });
    // The author is e-mailed the decision and the reason through the outbox.
    const [mail] = await db.select().from(outboxMessages).where(like(outboxMessages.eventKey, `review-moderated:${body.review_id}:%`));
    expect(mail).toMatchObject({ recipient: s.user.email, template: 'review-moderated', status: 'pending' });
    expect((await renderMail(mail.template, mail.payload)).text).toContain('The reason: Mentions a competitor by name.');
    expect((await productReviews(product.id)).body.reviews).toEqual([]);
  });

  test('GET /api/reviews — the queue lists pending reviews oldest first, with the count of each status', async () => {
    const admin = await shopper({ isAdmin: true });
    const product = await createProduct();
    const first = await reviewed(product, 4, admin);
    const second = await reviewed(product, 2, admin);
    const queue = await call(reviewsRoute.GET, { url: '/api/reviews?status=pending', token: admin.token });
    expect(queue.status).toBe(200);
    const ids = queue.body.reviews.map((r: { review_id: number }) => r.review_id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(queue.body.counts.pending).toBeGreaterThanOrEqual(2);
    expect((await call(reviewsRoute.GET, { url: '/api/reviews?status=lost', token: admin.token })).status).toBe(400);
  });
});

describe("a product's rating — approved reviews only", () => {
  test('a pending review counts in nothing; approving it sets the average, the count and the distribution', async () => {
    const admin = await shopper({ isAdmin: true });
    const product = await createProduct();
    const id = await reviewed(product, 4, admin);
    expect(await ratingOf(product.id)).toEqual({ average: null, count: 0 });
    expect((await productReviews(product.id)).body).toMatchObject({ summary: { average: null, count: 0 }, reviews: [] });
    await moderate(admin.token, id, { status: 'approved' });
    await reviewed(product, 5, admin, 'approved');
    expect(await ratingOf(product.id)).toEqual({ average: 4.5, count: 2 });
    const page = await productReviews(product.id);
    expect(page.body.summary).toEqual({ average: 4.5, count: 2, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } });
    expect(page.body.reviews).toHaveLength(2);
    expect(page.body.reviews[0]).toMatchObject({ verified_buyer: true, rating: 5 });
  });

  test('a rejected review leaves the average: withdrawing an approved 1-star review lifts a 3.00 average to 5.00', async () => {
    const admin = await shopper({ isAdmin: true });
    const product = await createProduct();
    await reviewed(product, 5, admin, 'approved');
    const low = await reviewed(product, 1, admin, 'approved');
    await reviewed(product, 2, admin, 'rejected');
    expect(await ratingOf(product.id)).toEqual({ average: 3, count: 2 });
    expect((await moderate(admin.token, low, { status: 'rejected', reason: 'About the courier, not the product.' })).status).toBe(200);
    expect(await ratingOf(product.id)).toEqual({ average: 5, count: 1 });
    expect((await productReviews(product.id)).body.summary).toMatchObject({ average: 5, count: 1, distribution: { 1: 0, 2: 0, 5: 1 } });
  });

  test('DELETE /api/orders/{id} and DELETE /api/orders/{id}/items/{itemId} — erasing a reviewed line takes its stars out of the rating', async () => {
    const admin = await shopper({ isAdmin: true });
    const product = await createProduct();
    const other = await createProduct();
    await reviewed(product, 5, admin, 'approved');
    // An unpaid delivered order of two lines, the first reviewed and approved.
    const s = await shopper();
    const { order, items } = await createOrder({ userId: s.user.id, lines: [{ product }, { product: other }], status: 'delivered' });
    const res = await postReview(s.token, review({ order_item_id: items[0].id, rating: 1 }));
    await moderate(admin.token, res.body.review_id, { status: 'approved' });
    expect(await ratingOf(product.id)).toEqual({ average: 3, count: 2 });
    const del = await call(itemRoute.DELETE, { method: 'DELETE', url: `/api/orders/${order.id}/items/${items[0].id}`, params: { id: String(order.id), itemId: String(items[0].id) }, token: admin.token });
    expect(del.status).toBe(200);
    expect(await ratingOf(product.id)).toEqual({ average: 5, count: 1 });

    const again = await shopper();
    const second = await createOrder({ userId: again.user.id, lines: [{ product }], status: 'delivered' });
    const r2 = await postReview(again.token, review({ order_item_id: second.items[0].id, rating: 2 }));
    await moderate(admin.token, r2.body.review_id, { status: 'approved' });
    expect(await ratingOf(product.id)).toEqual({ average: 3.5, count: 2 });
    expect((await call(orderRoute.DELETE, { method: 'DELETE', url: `/api/orders/${second.order.id}`, params: { id: String(second.order.id) }, token: admin.token })).status).toBe(200);
    expect(await ratingOf(product.id)).toEqual({ average: 5, count: 1 });
  });

  test('the public reply shows under an approved review', async () => {
    const admin = await shopper({ isAdmin: true });
    const product = await createProduct();
    const id = await reviewed(product, 3, admin, 'approved');
    const res = await call(replyRoute.PUT, { method: 'PUT', url: `/api/reviews/${id}/reply`, params: { id: String(id) }, token: admin.token, body: { reply: 'Sorry about the scratch: we have sent a touch-up kit.' } });
    expect(res.status).toBe(200);
    expect((await productReviews(product.id)).body.reviews[0]).toMatchObject({ reply: 'Sorry about the scratch: we have sent a touch-up kit.' });
  });

  test('GET /api/products/{id}/reviews — an unknown product is 404, a bad page 400, pages of 5 newest first', async () => {
    expect((await productReviews(99_999_999)).status).toBe(404);
    const bad = await call(productReviewsRoute.GET, { url: '/api/products/1/reviews?page=abc', params: { id: '1' } });
    expect(bad.status).toBe(400);
    const admin = await shopper({ isAdmin: true });
    const product = await createProduct();
    for (let i = 0; i < 6; i++) await reviewed(product, 4, admin, 'approved');
    const second = await productReviews(product.id, 2);
    expect(second.body).toMatchObject({ currentPage: 2, totalPages: 2, total: 6 });
    expect(second.body.reviews).toHaveLength(1);
  });
});

describe('the listing — 4 stars and up, best rated first', () => {
  test('GET /api/products?rating_min=4&sort=rating — only products averaging 4 or more, best first; unrated and low-rated left out', async () => {
    const admin = await shopper({ isAdmin: true });
    const tag = `Rated${Date.now()}`;
    const top = await createProduct({ name: `${tag} armchair top` });
    const good = await createProduct({ name: `${tag} armchair good` });
    const poor = await createProduct({ name: `${tag} armchair poor` });
    await createProduct({ name: `${tag} armchair unrated` });
    await reviewed(top, 5, admin, 'approved');
    await reviewed(good, 4, admin, 'approved');
    await reviewed(good, 5, admin, 'approved');
    await reviewed(poor, 2, admin, 'approved');
    const res = await call(productsRoute.GET, { url: `/api/products?q=${tag}&rating_min=4&sort=rating` });
    expect(res.status).toBe(200);
    expect(res.body.products.map((p: { name: string; rating_average: number }) => [p.name, p.rating_average])).toEqual([
      [`${tag} armchair top`, 5],
      [`${tag} armchair good`, 4.5],
    ]);
    const all = await call(productsRoute.GET, { url: `/api/products?q=${tag}&sort=rating` });
    expect(all.body.products.map((p: { name: string }) => p.name)).toEqual([`${tag} armchair top`, `${tag} armchair good`, `${tag} armchair poor`, `${tag} armchair unrated`]);
    expect((await call(productsRoute.GET, { url: '/api/products?rating_min=6' })).status).toBe(400);
  });
});

describe('the review request e-mail', () => {
  const requestOf = async (orderId: number) => db.select().from(outboxMessages).where(like(outboxMessages.eventKey, `review-request:${orderId}`));
  const setStatus = (token: string, orderId: number, status: string) => call(orderRoute.PUT, { method: 'PUT', url: `/api/orders/${orderId}`, params: { id: String(orderId) }, token, body: { status } });

  test('PUT /api/orders/{id} delivered — writes one review request, due review_request_delay_days later (default 7), linking each line to its form', async () => {
    const admin = await shopper({ isAdmin: true });
    const { order, item } = await boughtLine(undefined, 'shipped');
    const before = Date.now();
    expect((await setStatus(admin.token, order.id, 'delivered')).status).toBe(200);
    const rows = await requestOf(order.id);
    expect(rows).toHaveLength(1);
    const due = rows[0].nextAttemptAt.getTime() - before;
    expect(due).toBeGreaterThan(6.9 * 86_400_000);
    expect(due).toBeLessThan(7.1 * 86_400_000);
    expect(rows[0]).toMatchObject({ template: 'review-request', status: 'pending' });
    const { html, text } = await renderMail(rows[0].template, rows[0].payload);
    expect(html).toContain(`/review/${item.id}`);
    expect(text).toContain(item.productName);
    expect(text).toContain(`Your order #${order.id} arrived a little while ago`);
    // The administrators' outbox shows it as written to be sent later.
    const outbox = await listOutbox({ id: admin.user.id, userName: admin.user.userName, email: admin.user.email, isAdmin: true, permissions: ALL_PERMISSIONS }, { page: 1 });
    expect(outbox.messages.find((m) => m.eventKey === `review-request:${order.id}`)).toMatchObject({ status: 'pending', scheduled: true });
    // Back to shipped and delivered again: still one request.
    await setStatus(admin.token, order.id, 'shipped');
    await setStatus(admin.token, order.id, 'delivered');
    expect(await requestOf(order.id)).toHaveLength(1);
  });

  test('review_request_delay_days 0 — the request is due at once; the setting takes whole days from 0 to 90', async () => {
    const admin = await shopper({ isAdmin: true });
    await db.insert(settings).values({ key: 'review_request_delay_days', value: 0 });
    const { order } = await boughtLine(undefined, 'shipped');
    await setStatus(admin.token, order.id, 'delivered');
    const [row] = await requestOf(order.id);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const outbox = await listOutbox({ id: admin.user.id, userName: admin.user.userName, email: admin.user.email, isAdmin: true, permissions: ALL_PERMISSIONS }, { page: 1 });
    expect(outbox.messages.find((m) => m.eventKey === `review-request:${order.id}`)).toMatchObject({ scheduled: false });
    const put = (value: unknown) => call(settingsRoute.PUT, { method: 'PUT', url: '/api/settings', token: admin.token, body: { review_request_delay_days: value } });
    for (const bad of [-1, 91, 2.5, 'soon']) expect((await put(bad)).status, String(bad)).toBe(400);
    expect((await put('14')).body).toMatchObject({ review_request_delay_days: 14 });
  });

  test('a status other than delivered writes no review request', async () => {
    const admin = await shopper({ isAdmin: true });
    const { order } = await boughtLine(undefined, 'processing');
    await setStatus(admin.token, order.id, 'shipped');
    expect(await requestOf(order.id)).toHaveLength(0);
  });
});
