import {
  isValidIsbn10,
  MATERIAL_KIND_FEED_WORDS,
  materialKindFromText,
  normalizeIsbn,
} from '@csp/contracts';
import type { FieldType, FieldValue, Person } from '../feeds/import-fields.ts';
import type { NameOrder } from '@csp/contracts';
import { peopleIn } from './person-names.ts';

/** A cell's value could not be taken; the message says why in words a clerk can act on. */
export class CellError extends Error {}

function fail(message: string): never {
  throw new CellError(message);
}

/** Inner white space (line breaks in a quoted cell included) as single spaces, trimmed. */
export function tidy(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}

/** Characters no stored text may hold: a NUL, or what a non-UTF-8 file decodes to. */
export function unreadableCharacter(value: string): string | null {
  if (value.includes('\u0000')) return 'contains a NUL character';
  if (value.includes('\uFFFD'))
    return 'contains characters its text encoding cannot give: upload it again choosing its encoding (e.g. Windows-1252), or save it as "CSV UTF-8"';
  return null;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** HTML entities as their characters (the UIUC catalog writes "&amp;" in titles). */
export function decodeHtmlEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const point = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A number in scientific notation, as a spreadsheet shows a long ISBN typed as a number. */
const SCIENTIFIC = /^[+-]?\d+(\.\d+)?E[+-]?\d+$/i;
/**
 * A code a spreadsheet took for a number and saved in its own notation: UIUC's Fall 2025 file
 * has section "0.00E+00" four times (a code like "0E0"). Codes such as "1E1" stay codes.
 */
const REWRITTEN_CODE = /^[+-]?\d+\.\d+E[+-]\d+$/i;

function textOf(value: string, max: number): string {
  if (value.length > max) fail(`is longer than ${max} characters`);
  return value;
}

function dateOf(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match && Number(match[1]) >= 1900) {
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    if (date.toISOString().slice(0, 10) === value) return value;
  }
  return fail('is not a date: write it as YYYY-MM-DD');
}

/** Enrolments and capacities: whole numbers, at most this (a bigger one is a misplaced column). */
export const MAX_COUNT = 1_000_000;

function countOf(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > MAX_COUNT) {
    fail(`is not a whole number from 0 to ${MAX_COUNT.toLocaleString('en-US')}`);
  }
  return Number(value);
}

const MAX_PRICE_DOLLARS = 100_000;

/** Cents of a price in dollars and cents ("129.95", "$1,299.00", "86.0"). */
function centsOf(value: string): number {
  const plain = value.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match || Number(match[1]) > MAX_PRICE_DOLLARS) {
    fail(`is not a price: use dollars and cents, e.g. 129.95 (at most ${MAX_PRICE_DOLLARS})`);
  }
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailOf(value: string): string {
  if (value.length > 254 || !EMAIL.test(value)) fail('is not an e-mail address');
  return value;
}

function studentIdOf(value: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(value)) {
    fail("is not a student ID: letters, digits, '.', '_' or '-', at most 40");
  }
  return value;
}

/** Digits (and a final X) shorter than an ISBN-10 that are one once zeros are put back in front. */
const lostLeadingZeros = (compact: string) =>
  /^\d+X?$/.test(compact) && compact.length < 10 && isValidIsbn10(compact.padStart(10, '0'));

/** Why a cell that should be an ISBN is not one, in the words product-import uses. */
function isbnProblem(value: string): string {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{13}$/.test(compact) || /^\d{9}[\dX]$/.test(compact)) {
    return 'is not a valid ISBN: the check digit is wrong';
  }
  if (SCIENTIFIC.test(compact)) {
    return 'is a number in scientific notation and has lost digits (keep the column as text)';
  }
  if (!/^\d+X?$/.test(compact)) return 'is not an ISBN: an ISBN has only digits (or a final X)';
  if (lostLeadingZeros(compact)) {
    return 'is not an ISBN: its leading zeros were lost (keep the column as text)';
  }
  return 'is not an ISBN: an ISBN has 13 or 10 characters';
}

/**
 * The ISBN-13 of an ISBN-13 or ISBN-10 cell. A valid EAN-13 outside the 978/979 "Bookland"
 * prefixes is a product barcode, not an ISBN: taken as one it would become a title's ISBN.
 */
function isbnOf(value: string): string {
  const isbn = normalizeIsbn(value) ?? fail(isbnProblem(value));
  if (!isbn.startsWith('978') && !isbn.startsWith('979')) {
    fail('is an EAN-13 barcode, not an ISBN: an ISBN-13 starts with 978 or 979');
  }
  return isbn;
}

function isbn10Of(value: string): string {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  if (isValidIsbn10(compact)) return compact;
  if (compact.length === 10) return fail(isbnProblem(value));
  if (lostLeadingZeros(compact)) {
    return fail('is not an ISBN-10: its leading zeros were lost (keep the column as text)');
  }
  return fail(`is not an ISBN-10: an ISBN-10 has 10 characters, this one ${compact.length}`);
}

function peopleOf(value: string, separator: string, order: NameOrder): Person[] {
  const { people, problems } = peopleIn(value, separator, order);
  if (problems[0]) fail(problems[0].message);
  return people;
}

/** Words adoption lists use for a required material, and for one that is not. */
const REQUIRED_WORDS = new Set(['required', 'req', 'r', 'yes', 'y', 'true', '1', 'mandatory']);
const NOT_REQUIRED_WORDS = new Set([
  'recommended', 'rec', 'optional', 'opt', 'alternate', 'alternative', 'referenced', 'suggested',
  'supplementary', 'no', 'n', 'false', '0',
]);

/** "required" or "recommended", from the words adoption lists use. */
function requirementOf(value: string): string {
  const word = value.toLowerCase();
  if (REQUIRED_WORDS.has(word)) return 'required';
  if (NOT_REQUIRED_WORDS.has(word)) return 'recommended';
  return fail('is neither required nor recommended (write "required" or "recommended")');
}

/** A material kind (MATERIAL_KINDS) from the words feeds use, any case (issue 31). */
function materialKindOf(value: string): string {
  return materialKindFromText(value) ?? fail(`is not a material kind (write ${MATERIAL_KIND_FEED_WORDS})`);
}

/** Words registrars use for an enrolment that stands, and for one dropped (issue 32). */
const ENROLLED_WORDS = new Set(['enrolled', 'enroled', 'enrol', 'enroll', 'active', 'registered', 'added', 'add']);
const DROPPED_WORDS = new Set(['dropped', 'drop', 'withdrawn', 'withdrew', 'cancelled', 'canceled', 'deleted']);

/** ENROLLED or DROPPED, from the words enrolment feeds use, any case. */
function enrollmentStatusOf(value: string): string {
  const word = value.toLowerCase();
  if (ENROLLED_WORDS.has(word)) return 'ENROLLED';
  if (DROPPED_WORDS.has(word)) return 'DROPPED';
  return fail('is neither enrolled nor dropped (write "enrolled" or "dropped")');
}

/**
 * The value of a non-empty, tidied cell for a field of `type`, or a CellError. `separator`
 * splits a people cell, whose names are written in `order`.
 */
export function checkCell(
  type: FieldType,
  value: string,
  separator = ';',
  order: NameOrder = 'last-first',
): FieldValue {
  switch (type.kind) {
    case 'text':
      return textOf(value, type.max);
    case 'code':
      if (REWRITTEN_CODE.test(value)) {
        fail('looks like a number a spreadsheet rewrote in scientific notation (keep codes as text)');
      }
      return textOf(value, type.max);
    case 'date':
      return dateOf(value);
    case 'count':
      return countOf(value);
    case 'money':
      return centsOf(value);
    case 'email':
      return emailOf(value);
    case 'studentId':
      return studentIdOf(value);
    case 'isbn':
      return isbnOf(value);
    case 'isbn10':
      return isbn10Of(value);
    case 'people':
      return peopleOf(value, separator, order);
    case 'requirement':
      return requirementOf(value);
    case 'materialKind':
      return materialKindOf(value);
    case 'enrollmentStatus':
      return enrollmentStatusOf(value);
  }
}
