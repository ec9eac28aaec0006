import type { z } from 'zod';

/**
 * A deterministic, minimal valid value for a zod 4 schema: required fields only (plus any the
 * caller's `fill` answers), the smallest length and number the checks allow, the first enum
 * value. Leaves are checked against their own schema, so a format or pattern the generator does
 * not know is met by the first of a few common candidates that passes. `fill(path)` gives the
 * value of a field by its path (ids of real fixture rows, a file name, …); `undefined` lets the
 * generator choose. Throws, naming the path, when it cannot make a valid value.
 */
export function validSample(
  schema: z.ZodType,
  fill: (path: readonly string[]) => unknown = () => undefined,
): unknown {
  const value = sample(schema, [], fill);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`no valid sample: ${JSON.stringify(value)}: ${parsed.error.message}`);
  }
  return value;
}

/** The internals zod 4 keeps on every schema (`_zod.def` and the checks' summary `bag`). */
interface Internals {
  def: Record<string, unknown> & { type: string };
  bag: Record<string, unknown>;
}

function internals(schema: z.ZodType): Internals {
  return (schema as unknown as { _zod: Internals })._zod;
}

const inner = (def: Internals['def'], key = 'innerType') => def[key] as z.ZodType;

/** An optional field the caller did not fill is left out: the smallest valid request. */
const SKIP = Symbol('skip');

function sample(
  schema: z.ZodType,
  path: readonly string[],
  fill: (path: readonly string[]) => unknown,
): unknown {
  const given = fill(path);
  if (given !== undefined) return given;
  const { def, bag } = internals(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return SKIP;
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(inner(def), path, fill);
    case 'lazy':
      return sample((def['getter'] as () => z.ZodType)(), path, fill);
    case 'pipe': {
      // A transform's input is what a client sends; otherwise the output is also an input.
      const out = def['out'] as z.ZodType;
      const viaOut = internals(out).def.type === 'transform' ? SKIP : sample(out, path, fill);
      if (viaOut !== SKIP && schema.safeParse(viaOut).success) return viaOut;
      return sample(def['in'] as z.ZodType, path, fill);
    }
    case 'object':
      return sampleObject(def['shape'] as Record<string, z.ZodType>, path, fill);
    case 'array': {
      const length = Math.max(Number(bag['minimum'] ?? 0), 1);
      return Array.from({ length }, (_, i) =>
        sample(def['element'] as z.ZodType, [...path, String(i)], fill),
      );
    }
    case 'tuple':
      return (def['items'] as z.ZodType[]).map((item, i) =>
        sample(item, [...path, String(i)], fill),
      );
    case 'record':
      return {};
    case 'union':
      return firstValid(
        schema,
        (def['options'] as z.ZodType[]).map((option) => () => sample(option, path, fill)),
        path,
      );
    case 'intersection':
      return {
        ...(sample(def['left'] as z.ZodType, path, fill) as object),
        ...(sample(def['right'] as z.ZodType, path, fill) as object),
      };
    case 'enum':
      return Object.values(def['entries'] as Record<string, unknown>)[0];
    case 'literal':
      return (def['values'] as unknown[])[0];
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'date':
      return new Date('2026-09-01T12:00:00.000Z');
    case 'number':
    case 'int':
      return sampleNumber(bag);
    case 'string':
      return firstValid(
        schema,
        stringCandidates(bag, def).map((c) => () => c),
        path,
      );
    case 'any':
    case 'unknown':
      return null;
    default:
      throw new Error(`no sample for a ${def.type} at ${path.join('.') || '(root)'}`);
  }
}

function sampleObject(
  shape: Record<string, z.ZodType>,
  path: readonly string[],
  fill: (path: readonly string[]) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const fieldPath = [...path, key];
    const given = fill(fieldPath);
    const value = given !== undefined ? given : sample(field, fieldPath, fill);
    if (value !== SKIP) out[key] = value;
  }
  return out;
}

function sampleNumber(bag: Record<string, unknown>): number {
  const min = typeof bag['minimum'] === 'number' ? bag['minimum'] : undefined;
  const exclusiveMin =
    typeof bag['exclusiveMinimum'] === 'number' ? bag['exclusiveMinimum'] : undefined;
  if (min !== undefined) return Math.max(min, 1);
  if (exclusiveMin !== undefined) return Math.floor(exclusiveMin) + 1;
  return 1;
}

/** Strings a format or pattern commonly wants, padded to the minimum length. */
function stringCandidates(bag: Record<string, unknown>, def: Internals['def']): string[] {
  const min = Number(bag['minimum'] ?? 0);
  const byFormat: Record<string, string> = {
    email: 'matrix@example.edu',
    uuid: '00000000-0000-4000-8000-000000000001',
    guid: '00000000-0000-4000-8000-000000000001',
    url: 'https://example.edu/',
    date: '2026-09-01',
    datetime: '2026-09-01T12:00:00.000Z',
  };
  const named = bag['format'] ?? def['format'];
  const format = typeof named === 'string' ? byFormat[named] : undefined;
  const common = [
    'Matrix',
    'a',
    'A1',
    '1',
    '2026-09-01',
    '9780306406157',
    'matrix@example.edu',
    'ABC-123',
    'abc',
    'matrix.csv',
    'matrix.json',
    // A state code, a ZIP code, a phone number, a brand colour, a site address (store settings).
    'IL',
    '12345',
    '555-010-0199',
    '#1a3d6d',
    'https://example.edu',
    // A learning platform's course pattern (LTI: {term} and {course} are required).
    '{term}-{course}',
    // A compact JWT's shape (the single-sign-on test's result token).
    'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
    // A campaign e-mail's unsubscribe token (64 hexadecimal characters).
    'a'.repeat(64),
  ];
  return [...(format ? [format] : []), ...common].map((c) =>
    c.length >= min ? c : c + 'x'.repeat(min - c.length),
  );
}

function firstValid(
  schema: z.ZodType,
  candidates: (() => unknown)[],
  path: readonly string[],
): unknown {
  for (const candidate of candidates) {
    let value: unknown;
    try {
      value = candidate();
    } catch {
      continue;
    }
    if (value !== SKIP && schema.safeParse(value).success) return value;
  }
  throw new Error(`no valid sample for ${path.join('.') || '(root)'}: add it to the fill map`);
}
