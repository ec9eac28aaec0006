import { describe, expect, it } from 'vitest';
import { unknownPageShown } from './unknown-page.ts';

describe('the unknown page notice', () => {
  it('shows a host and path as the redirect makes them', () => {
    expect(unknownPageShown('localhost:3000/no-such-page')).toBe('localhost:3000/no-such-page');
    expect(unknownPageShown('bookstore.example.edu/adopt/old/link')).toBe(
      'bookstore.example.edu/adopt/old/link',
    );
  });

  it('shows nothing for text that is not a host and path', () => {
    for (const prev of [
      null,
      '',
      'Your account is locked. Call 555-0100 to unlock it.',
      'evil.example/ pay here',
      'localhost',
      'x'.repeat(190) + '.edu/' + 'y'.repeat(20),
      '<script>alert(1)</script>',
    ]) {
      expect(unknownPageShown(prev), String(prev)).toBeNull();
    }
  });
});
