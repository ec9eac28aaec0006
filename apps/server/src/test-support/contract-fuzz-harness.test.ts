import { Ajv2020 } from 'ajv/dist/2020.js';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/errors.ts';
import type { Operation } from './api-operations.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import { errorLog, fuzzOperation } from './fuzz-runner.ts';
import { assertSupported, UnsupportedSchemaError, validValue } from './json-schema-arbitrary.ts';
import { ResponseJudge } from './response-verdict.ts';

/*
 * The contract fuzz must be able to fail: these check, on a bare app of two routes, that it
 * reports a 500, a 400 naming no field and an undocumented answer with the operation, the
 * shrunk request and what came back, and that its generators keep to the schema they are given.
 */

const thing = {
  type: 'object',
  properties: { n: { type: 'integer' } },
  required: ['n'],
  additionalProperties: false,
};

const op: Operation = {
  key: 'GET /things/{n}',
  method: 'GET',
  path: '/things/{n}',
  auth: false,
  params: [{ name: 'n', required: true, schema: { type: 'integer' } }],
  query: [],
  fileTypes: [],
  responses: { '200': { 'application/json': thing } },
};

/** Requests for /things/{n}, n from 0 to 10,000. */
const requests: fc.Arbitrary<FuzzRequest> = fc.nat({ max: 10_000 }).map((n) => ({
  variant: 'valid',
  caller: 'anonymous',
  host: 'store-a',
  path: { n: String(n) },
  query: [],
}));

async function fuzzThings(
  answer: (n: number) => unknown,
  known: ('400-without-field' | 'content-type')[] = [],
) {
  const log = errorLog();
  const logger: FastifyBaseLogger = log.logger;
  const app: FastifyInstance = Fastify({ loggerInstance: logger });
  registerErrorHandling(app);
  app.get('/things/:n', async (request, reply) => {
    const n = Number((request.params as { n: string }).n);
    const body = answer(n);
    return typeof body === 'string' ? reply.type('text/plain').send(body) : body;
  });
  await app.ready();
  const judge = new ResponseJudge();
  const target = { app, op, judge, known, adminToken: () => '', log };
  try {
    return await fuzzOperation({ ...target, requests, seed: 7, runs: 200, verbose: false });
  } finally {
    await app.close();
  }
}

describe('the contract fuzz harness', () => {
  it('reports a 500 with the operation, the shrunk request, the answer and the server log', async () => {
    const run = await fuzzThings((n) => {
      if (n > 100) throw new Error(`boom at ${n}`);
      return { n };
    });
    expect(run.failure).toContain('GET /things/{n}');
    expect(run.failure).toContain('GET "/things/101"');
    expect(run.failure).toContain('answered 500');
    expect(run.failure).toContain('"{\\"message\\":\\"An unexpected error occurred.\\"}"');
    expect(run.failure).toContain('server log: request failed: Error: boom at 101');
  });

  it('reports a 400 that names no field', async () => {
    const run = await fuzzThings((n) => {
      if (n > 50) throw Object.assign(new Error('too big'), { statusCode: 400 });
      return { n };
    });
    expect(run.failure).toContain('GET "/things/51"');
    expect(run.failure).toContain('a 400 that names no field');
  });

  it('reports answers the document does not describe: a content type, a body off its schema', async () => {
    const text = await fuzzThings((n) => (n > 10 ? 'eleven' : { n }));
    expect(text.failure).toContain(
      'undocumented content type text/plain (the document lists application/json)',
    );
    const extra = await fuzzThings((n) => (n > 10 ? { n, more: true } : { n }));
    expect(extra.failure).toContain('a body not matching the documented schema');
  });

  it('lets a known problem pass, and counts it', async () => {
    const run = await fuzzThings((n) => (n > 10 ? 'eleven' : { n }), ['content-type']);
    expect(run.failure).toBeUndefined();
    expect(run.requests).toBe(200);
    expect(run.knownProblems.length).toBeGreaterThan(0);
  });
});

describe('the schema generators', () => {
  const schema = {
    type: 'object',
    properties: {
      id: { type: 'integer', exclusiveMinimum: 0, maximum: 2147483647 },
      code: { type: 'string', minLength: 1, maxLength: 5 },
      day: { type: 'string', pattern: String.raw`^\d{4}-\d{2}-\d{2}$` },
      key: { type: 'string', format: 'uuid' },
      kinds: { type: 'array', minItems: 1, maxItems: 3, items: { enum: ['A', 'B', 'C'] } },
      note: { anyOf: [{ type: 'string', maxLength: 10 }, { type: 'null' }] },
    },
    required: ['id', 'code', 'kinds'],
  };

  it('generate only values the schema allows', () => {
    const validate = new Ajv2020({ strict: false }).compile(schema);
    fc.assert(
      fc.property(
        validValue(schema, 'body', () => undefined),
        (value) => validate(value),
      ),
      { seed: 24, numRuns: 300 },
    );
  });

  it('refuse a schema construct they have no generator for, naming it', () => {
    expect(() =>
      assertSupported({ type: 'string', contentEncoding: 'base64' }, 'body.file'),
    ).toThrow(
      new UnsupportedSchemaError('body.file: the keyword "contentEncoding" has no generator'),
    );
    expect(() => assertSupported({ type: 'string', format: 'binary' }, 'body')).toThrow(
      UnsupportedSchemaError,
    );
  });
});
