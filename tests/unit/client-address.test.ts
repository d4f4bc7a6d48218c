/**
 * Which address a login attempt counts against (issue 8 item 9; README "Configuration" TRUST_PROXY):
 * the connection's own address unless trusted proxies are configured.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { env } from '@/lib/server/env';
import { PEER_ADDRESS_HEADER, clientAddress, installPeerAddressStamp } from '@/lib/server/client-address';

describe('clientAddress', () => {
  test('without trusted proxies: the connection address, whatever X-Forwarded-For claims', () => {
    const headers = new Headers({ [PEER_ADDRESS_HEADER]: '198.51.100.9', 'x-forwarded-for': '203.0.113.7' });
    expect(clientAddress(headers, 0, true)).toBe('198.51.100.9');
    expect(clientAddress({ [PEER_ADDRESS_HEADER]: '::1' }, 0, true)).toBe('::1');
  });

  test('two clients without any proxy header get two addresses, not one shared "unknown"', () => {
    expect(clientAddress({ [PEER_ADDRESS_HEADER]: '198.51.100.1' }, 0, true)).not.toBe(clientAddress({ [PEER_ADDRESS_HEADER]: '198.51.100.2' }, 0, true));
  });

  test('with n trusted proxies: the n-th X-Forwarded-For entry from the right', () => {
    const chain = { 'x-forwarded-for': '10.9.9.9, 203.0.113.7, 192.0.2.1', [PEER_ADDRESS_HEADER]: '10.0.0.2' };
    expect(clientAddress(chain, 1, true)).toBe('192.0.2.1');
    expect(clientAddress(chain, 2, true)).toBe('203.0.113.7');
    // More hops configured than entries: the leftmost entry.
    expect(clientAddress({ 'x-forwarded-for': '203.0.113.7' }, 3, true)).toBe('203.0.113.7');
    // A request that bypassed the proxies: its own connection address.
    expect(clientAddress({ [PEER_ADDRESS_HEADER]: '198.51.100.4' }, 1, true)).toBe('198.51.100.4');
  });

  test('before the stamp runs: the X-Forwarded-For entry Next fills from the connection', () => {
    expect(clientAddress({ 'x-forwarded-for': '127.0.0.1' }, 0, false)).toBe('127.0.0.1');
    expect(clientAddress({}, 0, false)).toBe('unknown');
  });
});

describe('peer-address stamp', () => {
  const server = http.createServer((req, res) => res.end(String(req.headers[PEER_ADDRESS_HEADER])));
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  test("overwrites a client's own claim with the real connection address", async () => {
    installPeerAddressStamp();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_ADDRESS_HEADER]: '203.0.113.66' } });
    expect(await res.text()).toBe('127.0.0.1');
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
