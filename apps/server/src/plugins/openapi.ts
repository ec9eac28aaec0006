import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { AUTH_HEADER, OPENAPI_JSON_PATH, OPENAPI_UI_PATH, type Success } from '@csp/contracts';
import { AUTH_SECURITY_SCHEME, SUCCESS_DOCS } from '../lib/route.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type DocumentedResponses = Record<string, Record<string, unknown>>;

/** A file body, whatever its bytes. */
const BINARY = { type: 'string', format: 'binary' };

/**
 * The answers of a contract's `success` that are not JSON, added to the responses the route's
 * schema documents: the file at 200 under its own media type (beside JSON when 200 answers
 * both), a redirect's 302 with its Location, and 304. Swagger reads `type: 'null'` as no body.
 */
function withSuccessAnswers(responses: DocumentedResponses, success: Success): DocumentedResponses {
  const documented = { ...responses };
  if (success.file) {
    const json = documented['200'];
    documented['200'] = {
      description: json ? 'The JSON answer, or the file' : 'The file',
      content: {
        ...(json && { 'application/json': { schema: json } }),
        [success.file]: { schema: BINARY },
      },
    };
  }
  if (success.redirect) {
    documented['302'] = {
      type: 'null',
      description: 'A redirect: the browser goes on to the Location',
      headers: { Location: { type: 'string', description: 'Where the browser goes next' } },
    };
  }
  if (success.notModified) {
    documented['304'] = {
      type: 'null',
      description: 'Not modified: the If-None-Match names the current ETag',
    };
  }
  return documented;
}

/**
 * The zod provider's transform (JSON schemas from the zod ones), then the contract's own
 * answers besides JSON (lib/route.ts puts its `success` under SUCCESS_DOCS).
 */
function transform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as Record<string, unknown> | undefined;
  if (!schema || !(SUCCESS_DOCS in schema)) return result;
  const { [SUCCESS_DOCS]: success, response, ...rest } = schema;
  return {
    ...result,
    schema: {
      ...rest,
      response: withSuccessAnswers((response ?? {}) as DocumentedResponses, success as Success),
    },
  };
}

/**
 * OpenAPI generated from the contracts' zod schemas: the document at OPENAPI_JSON_PATH and
 * Swagger UI at OPENAPI_UI_PATH. Must be registered before the routes it documents.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Campus Store Portal API',
        description: 'Course-material adoption and rental portal for campus stores.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          [AUTH_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: AUTH_HEADER,
            description: 'The session token returned by login (a JWT).',
          },
        },
      },
    },
    transform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: OPENAPI_UI_PATH });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}
