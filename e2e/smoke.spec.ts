import { expect, test } from '@playwright/test';

test('the shop answers its health check', async ({ request }) => {
  const res = await request.get('/api/health?ready');
  expect(res.ok()).toBeTruthy();
  expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
});
