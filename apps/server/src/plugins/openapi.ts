import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { AUTH_HEADER, OPENAPI_JSON_PATH, OPENAPI_UI_PATH } from '@csp/contracts';
import { AUTH_SECURITY_SCHEME } from '../lib/route.ts';

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
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: OPENAPI_UI_PATH });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}
