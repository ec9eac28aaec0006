import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CellError, checkCell, decodeHtmlEntities } from '../checks/cell-checks.ts';
import { FIELDS } from './import-fields.ts';
import { allFormats, MAPPINGS_FOLDER, parseMapping } from './import-formats.ts';

const valid = {
  formatId: 'example',
  name: 'Example',
  description: 'An example.',
  source: 'Tests.',
  kind: 'professors',
  feeds: ['PROFESSORS'],
  needsDivision: false,
  columns: [
    { column: 'last', field: 'lastName', required: true },
    { column: 'first', field: 'firstName', required: true },
  ],
};
const parse = (mapping: object) => () => parseMapping('example.json', JSON.stringify(mapping));

describe('mapping files', () => {
  it('offers every mapping file of the folder as a format, standard and real ones', () => {
    const files = readdirSync(MAPPINGS_FOLDER).filter((n) => n.endsWith('.json'));
    const ids = allFormats().map((f) => f.formatId);
    expect(ids.sort()).toEqual(files.map((n) => n.replace(/\.json$/, '')).sort());
    expect(ids).toEqual(
      expect.arrayContaining([
        'divisions-terms',
        'courses-sections',
        'professors',
        'students-enrollments',
        'products-prices',
        'uiuc-grades-by-crn',
        'uiuc-catalog-sections',
        'uoft-bookstore-adoptions',
      ]),
    );
  });

  it('describes a format by its columns in words', () => {
    const grades = allFormats().find((f) => f.formatId === 'uiuc-grades-by-crn');
    expect(grades).toMatchObject({ needsDivision: true, feeds: ['COURSES_SECTIONS', 'PROFESSORS'] });
    expect(grades?.columns[0]).toMatchObject({
      column: 'Term',
      field: 'Term, Term start date, Term end date',
      required: true,
    });
    expect(grades?.columns.at(-1)).toMatchObject({
      column: 'A+, A, A-, B+, B, B-, C+, C, C-, D+, D, D-, F, W',
      field: FIELDS.estimatedEnrollment.label,
      required: false,
    });
  });

  it.each([
    ['an unknown field', { columns: [{ column: 'x', field: 'shoeSize' }] }, /columns\.0\.field/],
    [
      'a field the kind does not fill',
      { columns: [...valid.columns, { column: 'isbn', field: 'isbn13' }] },
      /field isbn13 is not one a professors format fills/,
    ],
    ['a missing required field', { columns: valid.columns.slice(0, 1) }, /must fill firstName/],
    [
      'a field filled twice',
      { columns: [...valid.columns, { column: 'surname', field: 'lastName' }] },
      /field lastName is filled by 2 columns/,
    ],
    [
      'a table value that breaks its field rule',
      {
        kind: 'divisions-terms',
        feeds: ['DIVISIONS_TERMS'],
        needsDivision: true,
        columns: [{ column: 'code', table: 'terms' }],
        tables: { terms: { X: { termName: 'X', termStart: '2025-02-30', termEnd: '2025-03-01' } } },
      },
      /tables\.terms\.X\.termStart is not a date/,
    ],
    [
      'a division from nowhere',
      {
        kind: 'sections',
        feeds: ['COURSES_SECTIONS'],
        columns: ['termName', 'departmentCode', 'courseCode', 'courseName', 'sectionCode'].map(
          (field) => ({ column: field, field }),
        ),
      },
      /fill divisionName from a column, or set needsDivision/,
    ],
    ['another file name', { formatId: 'other' }, /formatId must be the file's name \(example\)/],
  ])('refuses a mapping with %s, saying what is wrong', (_what, change, message) => {
    expect(parse({ ...valid, ...change })).toThrow(message);
  });

  it('accepts the example itself', () => {
    expect(parse(valid)()).toMatchObject({ formatId: 'example', tables: {} });
  });
});

describe('cell rules', () => {
  const check = (kind: Parameters<typeof checkCell>[0], value: string) => {
    try {
      return checkCell(kind, value);
    } catch (error) {
      if (error instanceof CellError) return `! ${error.message}`;
      throw error;
    }
  };

  it('decodes HTML entities, named and numeric', () => {
    expect(decodeHtmlEntities('US Racial &amp; Ethnic &#8220;Politics&#x201D; &bogus;')).toBe(
      'US Racial & Ethnic \u201cPolitics\u201d &bogus;',
    );
  });

  it.each([
    [{ kind: 'date' }, '2025-08-25', '2025-08-25'],
    [{ kind: 'date' }, '2025-02-29', '! is not a date: write it as YYYY-MM-DD'],
    [{ kind: 'count' }, '021', 21],
    [{ kind: 'money' }, '$1,299.5', 129950],
    [{ kind: 'money' }, '12.345', expect.stringMatching(/^! is not a price/)],
    [{ kind: 'isbn' }, '0-07-000657-1', '9780070006577'],
    [{ kind: 'isbn' }, '9.78007E+12', expect.stringMatching(/scientific notation/)],
    [{ kind: 'isbn' }, '9790000000018', '9790000000018'],
    [
      { kind: 'isbn' },
      '4006381333931',
      '! is an EAN-13 barcode, not an ISBN: an ISBN-13 starts with 978 or 979',
    ],
    [{ kind: 'isbn10' }, '080442957x', '080442957X'],
    [
      { kind: 'isbn10' },
      '80442957X',
      '! is not an ISBN-10: its leading zeros were lost (keep the column as text)',
    ],
    [{ kind: 'isbn10' }, '12345', '! is not an ISBN-10: an ISBN-10 has 10 characters, this one 5'],
    [{ kind: 'code', max: 40 }, '1E1', '1E1'],
    [{ kind: 'code', max: 40 }, '1.5E+03', expect.stringMatching(/^! looks like a number/)],
    [{ kind: 'studentId' }, 'A-123.4', 'A-123.4'],
    [{ kind: 'studentId' }, '12 34', expect.stringMatching(/^! is not a student ID/)],
    [{ kind: 'email' }, 'ada@example', '! is not an e-mail address'],
    [
      { kind: 'people' },
      'Martins, M;Muga, M',
      [
        { lastName: 'Martins', firstName: 'M' },
        { lastName: 'Muga', firstName: 'M' },
      ],
    ],
  ] as const)('checks %j %s', (kind, value, expected) => {
    expect(check(kind, value)).toEqual(expected);
  });
});
