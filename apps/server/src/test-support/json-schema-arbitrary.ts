import fc from 'fast-check';

/** A JSON Schema (draft 2020-12, as the OpenAPI 3.1 document carries it). */
export type JsonSchema = { [keyword: string]: unknown };

/** Keywords that constrain a value: each is understood by the generators below. */
const ASSERTIONS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
]);
/** Keywords that describe without constraining. */
const ANNOTATIONS = new Set(['default', 'description', 'title', 'examples', 'deprecated']);
const FORMATS = new Set(['email', 'uuid']);
const TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null', 'array', 'object']);

/** A schema construct no generator here understands: the operation has no generator. */
export class UnsupportedSchemaError extends Error {}

/**
 * Throws UnsupportedSchemaError naming the first keyword, type or format (and where) that the
 * generators do not understand, so a new construct fails the suite instead of being skipped.
 */
export function assertSupported(schema: JsonSchema, at: string): void {
  for (const [keyword, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (!ASSERTIONS.has(keyword)) {
      throw new UnsupportedSchemaError(`${at}: the keyword "${keyword}" has no generator`);
    }
    if (keyword === 'format' && !FORMATS.has(String(value))) {
      throw new UnsupportedSchemaError(`${at}: the format "${String(value)}" has no generator`);
    }
    if (keyword === 'additionalProperties' && value !== false && value !== true) {
      throw new UnsupportedSchemaError(`${at}: additionalProperties with a schema`);
    }
  }
  for (const type of typesOf(schema)) {
    if (!TYPES.has(type)) throw new UnsupportedSchemaError(`${at}: the type "${type}"`);
  }
  if (typesOf(schema).length === 0 && !schema['anyOf'] && !schema['enum'] && !('const' in schema)) {
    throw new UnsupportedSchemaError(`${at}: a schema with no type, anyOf, enum or const`);
  }
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    assertSupported(property, `${at}.${name}`);
  }
  if (isSchema(schema['items'])) assertSupported(schema['items'], `${at}[]`);
  for (const [i, option] of anyOfOf(schema).entries()) assertSupported(option, `${at}|${i}`);
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function typesOf(schema: JsonSchema): string[] {
  const type = schema['type'];
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.map(String) : [];
}

export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  const properties = schema['properties'];
  return isSchema(properties) ? (properties as Record<string, JsonSchema>) : {};
}

export function requiredOf(schema: JsonSchema): string[] {
  const required = schema['required'];
  return Array.isArray(required) ? required.map(String) : [];
}

export function anyOfOf(schema: JsonSchema): JsonSchema[] {
  const anyOf = schema['anyOf'];
  return Array.isArray(anyOf) ? anyOf.filter(isSchema) : [];
}

const num = (schema: JsonSchema, keyword: string): number | undefined =>
  typeof schema[keyword] === 'number' ? schema[keyword] : undefined;

/**
 * Real values for a field, by its name (`sectionId`, or `sectionIdList[]` for array items):
 * mixed with the schema's own values, or `always` used in their place.
 */
export interface Hint {
  values: fc.Arbitrary<unknown>;
  always?: boolean;
}
export type HintLookup = (name: string) => Hint | undefined;

/** The longest string or array generated where the schema allows more: keeps requests small. */
const LONGEST_VALID_STRING = 24;
const MOST_VALID_ITEMS = 4;
const ISO_DATE = String.raw`^\d{4}-\d{2}-\d{2}$`;

/** Dates as the API writes them, near today, so date rules can pass as well as fail. */
const realDate = fc
  .integer({ min: -400, max: 400 })
  .map((offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10));

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const min = num(schema, 'minLength') ?? 0;
  const max = num(schema, 'maxLength') ?? 100_000;
  const fits = (s: string) => s.length >= min && s.length <= max;
  const pattern = typeof schema['pattern'] === 'string' ? schema['pattern'] : undefined;
  if (schema['format'] === 'uuid') return fc.uuid({ version: 4 });
  if (schema['format'] === 'email') {
    const local = fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/);
    return fc
      .tuple(local, fc.constantFrom('store-a.test', 'example.edu', 'store-b.test'))
      .map(([user, domain]) => `${user}@${domain}`)
      .filter(fits);
  }
  if (pattern) {
    const matching = fc.stringMatching(new RegExp(pattern)).filter(fits);
    return pattern === ISO_DATE
      ? fc.oneof({ weight: 4, arbitrary: realDate }, { weight: 1, arbitrary: matching })
      : matching;
  }
  const upTo = Math.min(max, min + LONGEST_VALID_STRING);
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: min, maxLength: upTo }) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: upTo }).filter(fits),
    },
    // The longest value the schema allows, where that is not huge.
    { weight: 1, arbitrary: fc.constant('x'.repeat(Math.min(max, 10_000))).filter(fits) },
  );
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = num(schema, 'exclusiveMinimum');
  const exclusiveMax = num(schema, 'exclusiveMaximum');
  if (integer) {
    const min = num(schema, 'minimum') ?? (exclusiveMin !== undefined ? exclusiveMin + 1 : -1e9);
    const max = num(schema, 'maximum') ?? (exclusiveMax !== undefined ? exclusiveMax - 1 : 1e9);
    return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  }
  return fc.double({
    min: num(schema, 'minimum') ?? exclusiveMin ?? -1e9,
    max: num(schema, 'maximum') ?? exclusiveMax ?? 1e9,
    minExcluded: exclusiveMin !== undefined,
    maxExcluded: exclusiveMax !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function objectValue(schema: JsonSchema, hints: HintLookup): fc.Arbitrary<unknown> {
  const properties = propertiesOf(schema);
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, validValue(property, name, hints)]),
  );
  const requiredKeys = requiredOf(schema).filter((name) => name in properties);
  return fc.record(model, { requiredKeys });
}

function ofType(type: string, schema: JsonSchema, name: string, hints: HintLookup) {
  switch (type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
      return numberValue(schema, true);
    case 'number':
      return numberValue(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = isSchema(schema['items']) ? schema['items'] : {};
      const minLength = num(schema, 'minItems') ?? 0;
      const maxLength = Math.min(num(schema, 'maxItems') ?? Infinity, minLength + MOST_VALID_ITEMS);
      const item = validValue(items, `${name}[]`, hints);
      // Lists of ids or codes say each once (the API refuses repeats; hostile values repeat).
      const scalar = typesOf(items).every((type) => type !== 'object' && type !== 'array');
      return scalar
        ? fc.uniqueArray(item, { minLength, maxLength })
        : fc.array(item, { minLength, maxLength });
    }
    case 'object':
      return objectValue(schema, hints);
    default:
      throw new UnsupportedSchemaError(`${name}: the type "${type}"`);
  }
}

/**
 * Values the schema allows (and, for fields with a hint, mostly the world's real values, so
 * requests reach the database and the handlers rather than stopping at validation).
 */
export function validValue(
  schema: JsonSchema,
  name: string,
  hints: HintLookup,
): fc.Arbitrary<unknown> {
  const fromSchema = schemaValue(schema, name, hints);
  const hint = hints(name);
  if (!hint) return fromSchema;
  if (hint.always) return hint.values;
  return fc.oneof({ weight: 3, arbitrary: hint.values }, { weight: 1, arbitrary: fromSchema });
}

function schemaValue(schema: JsonSchema, name: string, hints: HintLookup): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema['const']);
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]));
  const options = anyOfOf(schema);
  if (options.length > 0) return fc.oneof(...options.map((o) => schemaValue(o, name, hints)));
  const types = typesOf(schema);
  if (types.length === 0) throw new UnsupportedSchemaError(`${name}: no type`);
  return fc.oneof(...types.map((type) => ofType(type, schema, name, hints)));
}
