/**
 * Which address a login attempt counts against (docs/operations.md, TRUST_PROXY): the
 * X-Forwarded-For entry the outermost trusted proxy wrote, or the one Next.js fills from the
 * connection when nothing stands in front.
 */
import { describe, expect, test } from 'vitest';
import { env } from '@/lib/server/env';
import { clientAddress } from '@/lib/server/client-address';

describe('clientAddress', () => {
  test('without trusted proxies: the entry Next.js fills from the connection', () => {
    expect(clientAddress(new Headers({ 'x-forwarded-for': '198.51.100.9' }), 0)).toBe('198.51.100.9');
    expect(clientAddress({ 'x-forwarded-for': '::1' }, 0)).toBe('::1');
    expect(clientAddress({}, 0)).toBe('unknown');
  });

  test('two clients get two addresses, not one shared "unknown"', () => {
    expect(clientAddress({ 'x-forwarded-for': '198.51.100.1' }, 0)).not.toBe(clientAddress({ 'x-forwarded-for': '198.51.100.2' }, 0));
  });

  test('with n trusted proxies: the n-th X-Forwarded-For entry from the right, never a claim further left', () => {
    const chain = { 'x-forwarded-for': '10.9.9.9, 203.0.113.7, 192.0.2.1' };
    expect(clientAddress(chain, 1)).toBe('192.0.2.1');
    expect(clientAddress(chain, 2)).toBe('203.0.113.7');
    // More hops configured than entries: the leftmost entry.
    expect(clientAddress({ 'x-forwarded-for': '203.0.113.7' }, 3)).toBe('203.0.113.7');
  });

  test('an over-long value is cut to 64 characters', () => {
    expect(clientAddress({ 'x-forwarded-for': 'x'.repeat(100) }, 1)).toHaveLength(64);
  });
});

describe('TRUST_PROXY', () => {
  const withValue = (value: string | undefined) => {
    const before = process.env.TRUST_PROXY;
    if (value === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = value;
    try {
      return env().TRUST_PROXY;
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
    }
  };

  test('unset, false or 0 trusts no proxy; true is one hop; a number is that many', () => {
    expect([withValue(undefined), withValue(''), withValue('false'), withValue('0'), withValue('true'), withValue('TRUE'), withValue('2')]).toEqual([0, 0, 0, 0, 1, 1, 2]);
  });

  test('anything else stops start-up with a message naming the variable', () => {
    expect(() => withValue('yes')).toThrow(/TRUST_PROXY must be true, false or a number of proxy hops/);
  });
});
