import fc from 'fast-check';
import { anyOfOf, typesOf, type JsonSchema } from './json-schema-arbitrary.ts';

/** A string that overflows every length limit of the API, yet stays under the body limit. */
const HUGE = 'x'.repeat(100_000);

/** Text a client might send to break a query, a parser or a page. */
const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "' OR '1'='1",
  '1; DROP TABLE sections; --',
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "=cmd|' /C calc'!A0",
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 日本語 عربي',
  '\uD800',
  'e\u0301\u202E',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '1e309',
  '0x10',
  '2026-02-30',
  '9999-99-99',
  HUGE,
];

/** Numbers at and past the edges of every integer column and of JSON's exact integers. */
const HOSTILE_NUMBERS = [
  0,
  -1,
  1.5,
  -0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  1e308,
];

/** Numbers written as text, the way a path or a query string carries them. */
const HOSTILE_NUMERALS = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999',
  '+1',
  ' 1',
  '1 ',
  'abc',
];

/** Values of the wrong kind for any scalar. */
const WRONG_KINDS: unknown[] = [null, true, false, [], [1, 2], ['x'], {}, { $ne: null }];

/** Hostile values for any field, whatever its schema says. */
export const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_NUMBERS,
  ...HOSTILE_NUMERALS,
  ...HOSTILE_TEXT,
  ...WRONG_KINDS,
];

/** Half a UTF-16 surrogate pair, which URL text cannot carry (it becomes U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as URL text (percent-encoded UTF-8). */
export function urlEncode(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
}

/**
 * Path segments and query values as raw URL text: the same hostile values, URL-encoded, plus
 * malformed percent-escapes that only raw text can carry.
 */
export const HOSTILE_URL_TEXT: fc.Arbitrary<string> = fc.oneof(
  fc
    .constantFrom(...HOSTILE_NUMERALS, ...HOSTILE_TEXT.map((t) => t.slice(0, 10_000)))
    .map(urlEncode),
  // No '..': the client resolves it (as a browser would), so it would ask another route.
  fc.constantFrom('%', '%00', '%E0%A4%A', '%zz', '%2F', '[1,2]', '%5B%5D'),
);

const num = (schema: JsonSchema, keyword: string): number | undefined =>
  typeof schema[keyword] === 'number' ? schema[keyword] : undefined;

/** Values just past what the schema allows: the boundaries a validator must hold. */
function pastTheEdges(schema: JsonSchema): unknown[] {
  const found: unknown[] = [];
  for (const option of anyOfOf(schema)) found.push(...pastTheEdges(option));
  const types = typesOf(schema);
  const min = num(schema, 'minimum');
  const max = num(schema, 'maximum');
  const exclusiveMin = num(schema, 'exclusiveMinimum');
  if (min !== undefined) found.push(min - 1);
  if (max !== undefined) found.push(max + 1, String(max + 1));
  if (exclusiveMin !== undefined) found.push(exclusiveMin, String(exclusiveMin));
  if (types.includes('integer')) found.push(1.5, '1');
  if (types.includes('number') || types.includes('integer')) found.push('12', 'x');
  const maxLength = num(schema, 'maxLength');
  const minLength = num(schema, 'minLength');
  if (maxLength !== undefined && maxLength < 200_000) found.push('y'.repeat(maxLength + 1));
  if (minLength !== undefined && minLength > 0) found.push('y'.repeat(minLength - 1));
  if (typeof schema['pattern'] === 'string' || schema['format']) found.push('!', 'a b');
  if (Array.isArray(schema['enum'])) {
    const first = String(schema['enum'][0] ?? '');
    found.push(
      `${first}x`,
      first.toLowerCase() === first ? first.toUpperCase() : first.toLowerCase(),
    );
  }
  const maxItems = num(schema, 'maxItems');
  if (maxItems !== undefined) found.push(Array.from({ length: maxItems + 1 }, (_, i) => i + 1));
  if (num(schema, 'minItems') === 1) found.push([]);
  if (types.includes('array')) found.push([null], ['\u0000'], [2 ** 31], [[1]], [1, 1]);
  if (types.includes('object')) found.push({ unknown: 1 }, []);
  if (types.includes('string')) found.push(7, 'x'.repeat(300), 'a\u0000b');
  if (types.includes('boolean')) found.push('true', 1, 'yes');
  return found;
}

/** The hostile values that have broken the most servers: tried more often than the rest. */
const FIRST_TRIED: unknown[] = [null, [], {}, -1, 2 ** 31, '\u0000', HUGE, ''];

/** A value wrong for `schema`: past one of its edges, or hostile to anything. */
export function hostileValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const edges = pastTheEdges(schema);
  const generic = fc.oneof(fc.constantFrom(...FIRST_TRIED), fc.constantFrom(...HOSTILE_VALUES));
  return edges.length > 0
    ? fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom(...edges) },
        { weight: 1, arbitrary: generic },
      )
    : generic;
}

/** A whole request body of the wrong shape. */
export const HOSTILE_BODIES: unknown[] = [null, [], [{}], 'text', 7, true, {}, { '': 1 }];

/** Request bodies that are not JSON at all, sent as JSON. */
export const BROKEN_JSON = ['{', '{"a":', 'nul', '[1,]', '\u0000', '{"a":1}{"b":2}', '\uFEFF{}'];
