import { describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_TITLE, labelTitle } from './label-title.ts';

describe('labelTitle', () => {
  it.each([
    ['inline; filename="rental-label-1042.pdf"', 'rental-label-1042.pdf'],
    ['attachment; filename=return.pdf', 'return.pdf'],
    [
      'inline; filename="x.pdf"; filename*=UTF-8\'\'Etiqueta%20%C3%A9t%C3%A9.pdf',
      'Etiqueta été.pdf',
    ],
    ['inline; filename="a \\"quoted\\" name.pdf"', 'a "quoted" name.pdf'],
    ['inline; filename="../../etc/passwd"', 'passwd'],
    ['inline; filename="line\r\nbreak.pdf"', 'linebreak.pdf'],
  ])('takes the file name of %j', (header, title) => {
    expect(labelTitle(header)).toBe(title);
  });

  it('caps the title at 100 characters', () => {
    expect(labelTitle(`inline; filename="${'x'.repeat(300)}.pdf"`)).toHaveLength(100);
  });

  it.each([null, '', 'inline', 'inline; filename=""', "inline; filename*=UTF-8''%E0%A4%A"])(
    'falls back to the default title for %j',
    (header) => {
      expect(labelTitle(header)).toBe(DEFAULT_LABEL_TITLE);
    },
  );
});
