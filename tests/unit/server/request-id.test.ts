/**
 * The request id answered in X-Request-Id and logged with unexpected errors.
 */
import { describe, expect, test } from 'vitest';
import { requestId } from '@/lib/server/request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestId', () => {
  test('a fresh random UUID per request', () => {
    const a = requestId(new Headers(), 0);
    const b = requestId(new Headers(), 0);
    expect(a).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  test('a client’s own X-Request-Id is ignored without trusted proxies', () => {
    expect(requestId(new Headers({ 'x-request-id': 'support-case-12345' }), 0)).toMatch(UUID);
  });

  test('behind trusted proxies their id is kept when it is well-formed', () => {
    expect(requestId(new Headers({ 'x-request-id': 'lb-7f3a9c21e0' }), 1)).toBe('lb-7f3a9c21e0');
    for (const bad of ['short', 'has space 1234', 'x'.repeat(129), 'new\nline-123456']) {
      expect(requestId(new Headers({ 'x-request-id': bad.replace('\n', ' ') }), 1)).toMatch(UUID);
    }
  });
});
