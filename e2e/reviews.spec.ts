/**
 * The reviews journey (docs/reviews.md): a customer's order is delivered, they review
 * the piece from Your Orders with stars, words and a photo; an administrator approves it in the
 * Reviews queue and replies; the product page then shows the stars, the review and the reply, its
 * JSON-LD carries the AggregateRating and the Review, and the listing's "4 stars & up" filter
 * finds it with its average on the card.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { confirmOrder, payWithDemoCard } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';

test('a customer reviews a delivered sofa, an administrator approves and replies, and the product page shows the stars, the review and its JSON-LD', async ({ page, browser }) => {
  const id = Date.now().toString(36);
  const email = `reviewer-${id}@example.test`;
  const password = 'Review-pass-123';
  expect((await page.request.post('/api/users/register', { data: { user_name: `reviewer_${id}`, email, password } })).ok()).toBeTruthy();
  await signIn(page.request, email, password);
  await page.request.put('/api/users/profile', { data: { user_name: `reviewer_${id}`, email, first_name: 'Aroha', last_name: 'Parata' } });

  // A product nobody has reviewed yet on this fresh database.
  const listed = (await (await page.request.get('/api/products?limit=60&sort=newest')).json()) as { products: { product_id: number; stock: number; name: string; rating_count: number }[] };
  const product = listed.products.find((p) => p.stock >= 5 && p.rating_count === 0)!;
  await page.goto(`/products/${product.product_id}`);
  await expect(page.getByTestId('no-reviews')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' }).first()).toBeVisible();
  const orderId = await confirmOrder(page);
  await payWithDemoCard(page, orderId);

  // An administrator marks it delivered (a paid order).
  const admin = await browser.newContext();
  try {
    const adminPage = await admin.newPage();
    await signIn(adminPage.request, ADMIN.identifier, ADMIN.password);
    expect((await adminPage.request.put(`/api/orders/${orderId}`, { data: { status: 'delivered' } })).ok()).toBeTruthy();

    // The customer reviews it from Your Orders.
    await page.goto('/orders');
    await page.getByTestId('order-row').filter({ hasText: String(orderId) }).first().getByRole('button', { name: 'Show Details' }).click();
    await page.getByTestId('review-link').first().click();
    await expect(page).toHaveURL(/\/review\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Write a review', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Send review' }).click();
    await expect(page.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
    await page.getByText('5 stars — Excellent').click({ force: true });
    await page.getByLabel('Title').fill('Our favourite seat in the house');
    await page.getByLabel('Your review').fill('Deep, comfortable and the fabric has survived two children and a dog. Assembly took twenty minutes.');
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 120, g: 140, b: 110 } } }).jpeg().toBuffer();
    await page.getByLabel(/Photos/).setInputFiles({ name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Send review' }).click();
    await expect(page.getByTestId('own-review')).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('review-status')).toContainText('waiting to be checked');

    // Not on the product page until approved.
    await page.goto(`/products/${product.product_id}`);
    await expect(page.getByTestId('no-reviews')).toBeVisible();

    // The administrator approves it in the Reviews queue and replies.
    await adminPage.goto('/admin');
    await adminPage.getByRole('link', { name: 'Reviews' }).first().click();
    await expect(adminPage).toHaveURL(/\/admin\/reviews$/);
    const card = adminPage.getByTestId('queue-review').filter({ hasText: 'Our favourite seat in the house' });
    await expect(card).toContainText(email);
    await expect(card.getByRole('img', { name: /Photo 1/ })).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByText('Review approved and published.')).toBeVisible();
    await adminPage.getByRole('link', { name: /Approved/ }).click();
    const approved = adminPage.getByTestId('queue-review').filter({ hasText: 'Our favourite seat in the house' });
    await approved.getByRole('button', { name: 'Reply…' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Reply publicly' });
    await dialog.getByLabel('Reply').fill('Thank you, Aroha! Give the dog a pat from us.');
    await dialog.getByRole('button', { name: 'Save reply' }).click();
    await expect(adminPage.getByText('Reply saved.')).toBeVisible();
    await expect(approved.getByTestId('queue-reply')).toContainText('Give the dog a pat');

    // The product page: stars, the review with its author, photo and reply, and the JSON-LD.
    await page.goto(`/products/${product.product_id}`);
    await expect(page.getByTestId('product-rating')).toContainText('1 review');
    await expect(page.getByTestId('product-rating').getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    const review = page.getByTestId('review').first();
    await expect(review.getByRole('heading', { name: 'Our favourite seat in the house' })).toBeVisible();
    await expect(review).toContainText('Aroha P.');
    await expect(review).toContainText('Verified buyer');
    await expect(review.getByTestId('review-reply')).toContainText('Give the dog a pat');
    await expect(review.getByRole('img', { name: /Photo 1 of Aroha P\./ })).toBeVisible();
    // Every JSON-LD node of the page, wherever it sits (an array, a @graph, or a ProductGroup's variants).
    const nodes: Record<string, unknown>[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        nodes.push(v as Record<string, unknown>);
        Object.values(v).forEach(walk);
      }
    };
    for (const text of await page.locator('script[type="application/ld+json"]').allTextContents()) walk(JSON.parse(text));
    const productNode = nodes.find((n) => n.aggregateRating) as { aggregateRating: Record<string, unknown>; review: Record<string, unknown>[] };
    expect(productNode.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: '5.00', reviewCount: 1, bestRating: '5', worstRating: '1' });
    expect(productNode.review[0]).toMatchObject({ '@type': 'Review', name: 'Our favourite seat in the house', author: { '@type': 'Person', name: 'Aroha P.' }, reviewRating: { ratingValue: '5' } });

    // The listing: "4 stars & up", best rated first, with the average on the card.
    await page.goto('/products?rating_min=4&sort=rating');
    const cardOnList = page.getByTestId('product-card').filter({ hasText: product.name }).first();
    await expect(cardOnList.getByTestId('card-rating')).toContainText('5 (1)');
    await expect(page.getByTestId('rating-filter').getByRole('checkbox')).toBeChecked();

    // The customer sees it published.
    await page.goto(`/review/${(await (await page.request.get('/api/reviews/mine')).json())[0].order_item_id}`);
    await expect(page.getByTestId('own-review')).toHaveAttribute('data-status', 'approved');
  } finally {
    await admin.close();
  }
});
