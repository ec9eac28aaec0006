import fc from 'fast-check';
import type { Operation, Parameter } from './api-operations.ts';
import { validValue, type HintLookup } from './json-schema-arbitrary.ts';
import {
  jsonBody,
  queryPairs,
  urlText,
  type FuzzInputs,
  type FuzzRequest,
  type RawBody,
} from './fuzz-request.ts';
import {
  bodyMutations,
  callerMutations,
  fileMutations,
  nulMutations,
  pathMutations,
  queryMutations,
  unexpectedBody,
  withVariant,
} from './request-mutations.ts';

export type { FuzzCaller, FuzzInputs, FuzzRequest, RawBody } from './fuzz-request.ts';

function paramsRecord(params: Parameter[], hints: HintLookup, requiredOnly = false) {
  const model = Object.fromEntries(
    params.map((p) => [p.name, validValue(p.schema, p.name, hints)]),
  );
  const requiredKeys = params.filter((p) => requiredOnly || p.required).map((p) => p.name);
  return fc.record(model, { requiredKeys });
}

/** A request the document allows, with hinted fields mostly holding the world's real values. */
function validRequest(op: Operation, inputs: FuzzInputs): fc.Arbitrary<FuzzRequest> {
  const body: fc.Arbitrary<RawBody | undefined> = inputs.files
    ? inputs.files
    : op.body
      ? op.body.required
        ? validValue(op.body.schema, 'body', inputs.hints).map(jsonBody)
        : fc.option(validValue(op.body.schema, 'body', inputs.hints).map(jsonBody), {
            nil: undefined,
          })
      : fc.constant(undefined);
  return fc
    .record({
      path: paramsRecord(op.params, inputs.hints, true),
      query: paramsRecord(op.query, inputs.hints),
      body,
    })
    .map(({ path, query, body }) => ({
      variant: 'valid',
      caller: op.auth ? ('admin' as const) : ('anonymous' as const),
      host: 'store-a' as const,
      path: Object.fromEntries(Object.entries(path).map(([k, v]) => [k, urlText(v)])),
      query: queryPairs(query),
      ...(body && { body }),
    }));
}

/**
 * Requests for one operation: about a third valid (the document's schemas, hinted fields from
 * the world), the rest with one thing wrong: a path segment, a query value (hostile, raw URL
 * text, missing, repeated, extra), a body field (hostile, missing, extra), the body's shape,
 * text or content type, a body where none is taken, a file, the caller or the host.
 */
export function requestArbitrary(op: Operation, inputs: FuzzInputs): fc.Arbitrary<FuzzRequest> {
  const mutations = [
    ...pathMutations(op),
    ...queryMutations(op),
    ...bodyMutations(op),
    ...unexpectedBody(op, inputs),
    ...fileMutations(inputs),
    ...callerMutations(op),
  ];
  const totalWeight = mutations.reduce((sum, m) => sum + m.weight, 0);
  const mutation = fc.oneof(
    { weight: Math.ceil(totalWeight / 2), arbitrary: fc.constant(withVariant('valid', (r) => r)) },
    ...mutations,
  );
  return fc
    .tuple(validRequest(op, inputs), mutation)
    .map(([request, [variant, mutate]]) => ({ ...mutate(request), variant }));
}

/**
 * The operation's free-text inputs, each alone set to text with a NUL in otherwise valid
 * requests (a few, drawn from the seed, so that one reaches the handler's work): a sweep, since
 * random requests rarely put that one value in each field.
 */
export function nulRequests(op: Operation, inputs: FuzzInputs, seed: number): FuzzRequest[] {
  const bases = fc.sample(validRequest(op, inputs), { seed, numRuns: 3 });
  return nulMutations(op).flatMap(([variant, mutate]) =>
    bases.map((base) => ({ ...mutate(base), variant })),
  );
}
