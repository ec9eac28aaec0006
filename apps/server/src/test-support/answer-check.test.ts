import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, FILE_MEDIA_TYPES } from '@csp/contracts';
import { route } from '../lib/route.ts';
import { takeUndocumentedAnswers } from './answer-check.ts';
import { createTestApp, FIXTURE_HOSTS, type TestContext } from './test-app.ts';

const BASE = '/app-rest/answer-check/v1';

/** A contract that declares a JSON 200 only, and one that declares a PDF. */
const jsonOnly = endpoint({
  method: 'GET',
  path: `${BASE}/json`,
  summary: 'Answers JSON, or (asked to) what it does not declare',
  auth: false,
  access: { kind: 'public' },
  query: z.object({ answer: z.enum(['json', 'accepted', 'pdf', 'redirect', 'teapot']) }),
  response: z.object({ ok: z.boolean() }),
});
const pdf = endpoint({
  method: 'GET',
  path: `${BASE}/pdf`,
  summary: 'Answers a PDF',
  auth: false,
  access: { kind: 'public' },
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.pdf },
});

/**
 * The check every test app runs (answer-check.ts) fails a test on any answer its OpenAPI
 * document lacks: a status, a media type, a body where none is documented.
 */
describe('the answer check', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', {
      extend: (app) => {
        route(app, jsonOnly, { tags: ['test'] }, async ({ query, reply }) => {
          if (query.answer === 'accepted') reply.code(202);
          if (query.answer === 'pdf')
            return reply.type('application/pdf').send(Buffer.from('%PDF'));
          if (query.answer === 'redirect') return reply.redirect('/elsewhere', 302);
          if (query.answer === 'teapot') return reply.code(418).send({ message: 'No coffee.' });
          return { ok: true };
        });
        route(app, pdf, { tags: ['test'] }, async ({ reply }) =>
          reply.type('application/pdf').send(Buffer.from('%PDF')),
        );
      },
    });
  });
  afterAll(async () => ctx?.close());

  const get = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { host: FIXTURE_HOSTS.a } });

  it('passes what the document declares', async () => {
    expect((await get(`${BASE}/json?answer=json`)).statusCode).toBe(200);
    expect((await get(`${BASE}/json?answer=nonsense`)).statusCode).toBe(400);
    expect((await get(`${BASE}/pdf`)).headers['content-type']).toBe('application/pdf');
    expect(takeUndocumentedAnswers()).toEqual([]);
  });

  it('names each answer the document lacks', async () => {
    for (const answer of ['accepted', 'pdf', 'redirect', 'teapot']) {
      await get(`${BASE}/json?answer=${answer}`);
    }
    expect(takeUndocumentedAnswers()).toEqual([
      `GET ${BASE}/json answered 202; it documents 200, 400, 500, 503`,
      `GET ${BASE}/json answered 200 as application/pdf; it documents application/json`,
      `GET ${BASE}/json answered 302; it documents 200, 400, 500, 503`,
      `GET ${BASE}/json answered 418; it documents 200, 400, 500, 503`,
    ]);
  });
});
