import { describe, expect, it } from 'vitest';
import { websiteSearchString } from './website.ts';

describe('websiteSearchString (docs/behaviour/calls.md#host-rule)', () => {
  it.each([
    ['my.bookstore.example.edu', 'bookstore.example.edu'],
    ['store.pro.example.edu', 'store.example.edu'],
    ['store.local.example.edu', 'store.dev.example.edu'],
    ['my.store.local.example.edu', 'store.dev.example.edu'],
    ['localhost:3000', 'localhost'],
    ['127.0.0.1:8080', '127.0.0.1'],
    ['Bookstore-B.Localhost:3000', 'bookstore-b.localhost'],
    ['[::1]:3000', '[::1]'],
  ])('%s -> %s', (host, expected) => {
    expect(websiteSearchString(host)).toBe(expected);
  });

  it('strips my. only as a prefix', () => {
    expect(websiteSearchString('army.example.edu')).toBe('army.example.edu');
  });
});
