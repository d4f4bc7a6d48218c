import { describe, expect, test } from 'vitest';
import { GET } from '@/app/api/health/route';
import { call } from '../support/http';

describe('health', () => {
  test('GET /api/health — answers ok without touching the database', async () => {
    const res = await call(GET, { url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  test('GET /api/health?ready — checks the database', async () => {
    const res = await call(GET, { url: '/api/health?ready' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });
});
