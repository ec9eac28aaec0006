import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@csp/contracts';
import { AppError, registerContractRoute, setApiErrorHandler } from './index.ts';

const greet = endpoint({
  method: 'GET',
  path: '/greet',
  summary: 'A greeting',
  auth: false,
  access: { kind: 'printAgent' },
  query: z.object({ name: z.string().min(2) }),
  response: z.object({ greeting: z.string() }),
});

let app: FastifyInstance;
afterEach(() => app.close());

/** A server of the shared pieces, whose handler answers by the name it is given. */
async function server(): Promise<FastifyInstance> {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  setApiErrorHandler(app, { genericMessage: 'Something went wrong.', clientErrors: {} });
  registerContractRoute(app, greet, { errorStatuses: [400, 404, 429, 500] }, async ({ query }) => {
    if (query.name === 'nobody') throw AppError.notFound('No one is called nobody.', 'name');
    if (query.name === 'many') throw AppError.tooMany('Slow down.', '5');
    if (query.name === 'boom') throw new Error('internal detail');
    return { greeting: `Hello ${query.name}`, extra: 'not in the contract' };
  });
  await app.ready();
  return app;
}

describe('the shared route core and error handler', () => {
  it('answers the contract response, serialized to its schema', async () => {
    const res = await (await server()).inject('/greet?name=Ada');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ greeting: 'Hello Ada' });
  });

  it('answers an AppError with its status, field and headers', async () => {
    const app = await server();
    const missing = await app.inject('/greet?name=nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No one is called nobody.', field: 'name' });
    const busy = await app.inject('/greet?name=many');
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({ message: 'Slow down.' });
  });

  it('names the field of a query that fails validation', async () => {
    const res = await (await server()).inject('/greet?name=A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'name' });
  });

  it('hides an unexpected error behind the generic message', async () => {
    const res = await (await server()).inject('/greet?name=boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong.' });
  });
});
