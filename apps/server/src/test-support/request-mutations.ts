import fc from 'fast-check';
import { bodyFields, type Operation } from './api-operations.ts';
import { anyOfOf, typesOf, type JsonSchema } from './json-schema-arbitrary.ts';
import {
  BROKEN_JSON,
  HOSTILE_BODIES,
  HOSTILE_URL_TEXT,
  HOSTILE_VALUES,
  hostileValue,
  urlEncode,
} from './hostile-values.ts';
import {
  jsonBody,
  queryPairs,
  type FuzzInputs,
  type FuzzRequest,
  type RawBody,
} from './fuzz-request.ts';

/** One thing made wrong in an otherwise valid request. */
export type Mutation = (request: FuzzRequest) => FuzzRequest;
export type Mutations = { weight: number; arbitrary: fc.Arbitrary<[string, Mutation]> }[];

export const withVariant = (variant: string, mutate: Mutation): [string, Mutation] => [
  variant,
  mutate,
];

export function pathMutations(op: Operation): Mutations {
  if (op.params.length === 0) return [];
  const mutation = fc
    .tuple(fc.constantFrom(...op.params.map((p) => p.name)), HOSTILE_URL_TEXT)
    .map(([name, text]) =>
      withVariant(`path ${name}`, (r) => ({ ...r, path: { ...r.path, [name]: text } })),
    );
  return [{ weight: 3, arbitrary: mutation }];
}

export function queryMutations(op: Operation): Mutations {
  const names = op.query.map((p) => p.name);
  const extra = fc
    .tuple(
      fc.constantFrom('x', 'userAccountId', '__proto__', 'page[]'),
      fc.constantFrom(...HOSTILE_VALUES),
    )
    .map(([name, value]) =>
      withVariant(`query extra ${name}`, (r) => ({
        ...r,
        query: [...r.query, ...queryPairs({ [name]: value })],
      })),
    );
  if (names.length === 0) return [{ weight: 1, arbitrary: extra }];
  const schemaOf = new Map(op.query.map((p) => [p.name, p.schema]));
  const without = (r: FuzzRequest, name: string) => r.query.filter(([k]) => k !== name);
  const hostile = fc
    .constantFrom(...names)
    .chain((name) => fc.tuple(fc.constant(name), hostileValue(schemaOf.get(name) ?? {})))
    .map(([name, value]) =>
      withVariant(`query ${name}`, (r) => ({
        ...r,
        query: [...without(r, name), ...queryPairs({ [name]: value })],
      })),
    );
  const raw = fc.tuple(fc.constantFrom(...names), HOSTILE_URL_TEXT).map(([name, text]) =>
    withVariant(`query ${name} (raw)`, (r) => ({
      ...r,
      query: [...without(r, name), [name, text]],
    })),
  );
  const missing = fc
    .constantFrom(...names)
    .map((name) =>
      withVariant(`query ${name} missing`, (r) => ({ ...r, query: without(r, name) })),
    );
  const repeated = fc.constantFrom(...names).map((name) =>
    withVariant(`query ${name} repeated`, (r) => ({
      ...r,
      query: [...r.query, [name, '1'], [name, 'x']],
    })),
  );
  return [
    { weight: 4, arbitrary: hostile },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: missing },
    { weight: 1, arbitrary: repeated },
    { weight: 1, arbitrary: extra },
  ];
}

/** Sets `value` at `path` in a copy of `root` (an object made where there is none). */
function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const base = (
    typeof root === 'object' && root !== null
      ? Array.isArray(root)
        ? [...(root as unknown[])]
        : { ...(root as object) }
      : typeof head === 'number'
        ? []
        : {}
  ) as Record<string | number, unknown>;
  if (rest.length === 0 && remove) delete base[head];
  else base[head] = setAt(base[head], rest, value, remove);
  return base;
}

function parsedBody(r: FuzzRequest): unknown {
  try {
    return typeof r.body?.payload === 'string' ? JSON.parse(r.body.payload) : {};
  } catch {
    return {};
  }
}

export function bodyMutations(op: Operation): Mutations {
  if (!op.body) return [];
  const fields = bodyFields(op.body.schema);
  const setField = (variant: string, path: (string | number)[], value: unknown, remove = false) =>
    withVariant(variant, (r) => ({
      ...r,
      body: jsonBody(setAt(parsedBody(r), path, value, remove)),
    }));
  const mutations: Mutations = [
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...HOSTILE_BODIES)
        .map((value) => withVariant('body shape', (r) => ({ ...r, body: jsonBody(value) }))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...BROKEN_JSON, ''),
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/xml',
            'multipart/form-data; boundary=x',
            undefined,
          ),
        )
        .map(([payload, contentType]) =>
          withVariant(`body text ${contentType ?? '(no type)'}`, (r) => ({
            ...r,
            body: { contentType, payload },
          })),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('x', '__proto__', 'constructor', 'locationId', 'userAccountId')
        .map((name) => setField(`body extra ${name}`, [name], 1)),
    },
  ];
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields);
    mutations.push(
      {
        weight: 5,
        arbitrary: field.chain((f) =>
          hostileValue(f.schema).map((value) =>
            setField(`body ${f.path.join('.')}`, f.path, value),
          ),
        ),
      },
      {
        weight: 1,
        arbitrary: field.map((f) =>
          setField(`body ${f.path.join('.')} missing`, f.path, undefined, true),
        ),
      },
    );
  }
  return mutations;
}

/** A body where the operation takes none: JSON, text or bytes, on a GET as well as a POST. */
export function unexpectedBody(op: Operation, inputs: FuzzInputs): Mutations {
  if (op.body || inputs.files) return [];
  const body = fc.constantFrom<RawBody>(
    jsonBody({ x: 1 }),
    jsonBody([]),
    { contentType: 'text/plain', payload: 'hello' },
    { contentType: 'application/octet-stream', payload: new Uint8Array([0, 255, 1]) },
    { contentType: 'application/json', payload: '{' },
  );
  return [
    {
      weight: 1,
      arbitrary: body.map((b) => withVariant('unexpected body', (r) => ({ ...r, body: b }))),
    },
  ];
}

export function fileMutations(inputs: FuzzInputs): Mutations {
  return inputs.files
    ? [
        {
          weight: 4,
          arbitrary: inputs.files.map((b) => withVariant('file', (r) => ({ ...r, body: b }))),
        },
      ]
    : [];
}

export function callerMutations(op: Operation): Mutations {
  const hosts = fc
    .constantFrom('store-b' as const, 'unknown' as const)
    .map((host) => withVariant(`host ${host}`, (r) => ({ ...r, host })));
  const mutations: Mutations = [{ weight: 1, arbitrary: hosts }];
  if (op.auth) {
    const callers = fc
      .constantFrom('anonymous' as const, 'forged-token' as const)
      .map((caller) => withVariant(`caller ${caller}`, (r) => ({ ...r, caller })));
    mutations.push({ weight: 1, arbitrary: callers });
  }
  return mutations;
}

/** Text with a NUL character, which no PostgreSQL text column can store. */
const NUL_TEXT = 'a\u0000b';

/** Free text: a string with no enum, pattern or format that would refuse a NUL by itself. */
function isFreeText(schema: JsonSchema): boolean {
  return [schema, ...anyOfOf(schema)].some(
    (s) => typesOf(s).includes('string') && !s['enum'] && !s['pattern'] && !s['format'],
  );
}

/**
 * One mutation per free-text input of the operation (path, query, body fields two levels deep,
 * the first item of a list of text), setting it to text holding a NUL: every one must be
 * refused naming a field, never reach the database as it is.
 */
export function nulMutations(op: Operation): [string, Mutation][] {
  const found: [string, Mutation][] = [];
  for (const p of op.params.filter((p) => isFreeText(p.schema))) {
    found.push(
      withVariant(`path ${p.name} with a NUL`, (r) => ({
        ...r,
        path: { ...r.path, [p.name]: urlEncode(NUL_TEXT) },
      })),
    );
  }
  for (const p of op.query.filter((p) => isFreeText(p.schema))) {
    found.push(
      withVariant(`query ${p.name} with a NUL`, (r) => ({
        ...r,
        query: [...r.query.filter(([k]) => k !== p.name), [p.name, urlEncode(NUL_TEXT)]],
      })),
    );
  }
  for (const field of op.body ? bodyFields(op.body.schema) : []) {
    const items = field.schema['items'] as JsonSchema | undefined;
    const path = isFreeText(field.schema)
      ? field.path
      : items && isFreeText(items)
        ? [...field.path, 0]
        : undefined;
    if (!path) continue;
    found.push(
      withVariant(`body ${path.join('.')} with a NUL`, (r) => ({
        ...r,
        body: jsonBody(setAt(parsedBody(r), path, NUL_TEXT)),
      })),
    );
  }
  return found;
}
