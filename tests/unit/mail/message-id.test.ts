import { describe, expect, test } from 'vitest';
import { messageIdFor } from '@/lib/mail/transport';

describe('the Message-ID of an outbox event', () => {
  test('is derived from the event key alone: the same event always has the same id', () => {
    expect(messageIdFor('order-received:42', 'shop.example')).toBe('<order-received%3A42@shop.example>');
    expect(messageIdFor('order-received:42', 'shop.example')).toBe(messageIdFor('order-received:42', 'shop.example'));
    expect(messageIdFor('order-received:43', 'shop.example')).not.toBe(messageIdFor('order-received:42', 'shop.example'));
  });

  test('holds only characters a Message-ID may, and distinct keys stay distinct', () => {
    const id = messageIdFor('new-paid-order:7:Boss.Admin+x@shop.example', 'shop.example');
    expect(id).toMatch(/^<[A-Za-z0-9%_-]+@shop\.example>$/);
    expect(messageIdFor('a:b', 'h')).not.toBe(messageIdFor('a%3Ab', 'h'));
  });
});
