import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AgentConfig } from './config.ts';
import type { Cups } from './cups/cups.ts';
import { createSystemCups } from './cups/system-cups.ts';
import { registerErrorHandling } from './errors.ts';
import { DEFAULT_DOWNLOAD_LIMITS, type DownloadLimits } from './label-download.ts';
import { registerOriginGuard } from './origin-guard.ts';
import { registerRoutes } from './routes.ts';
import { StateStore } from './state-store.ts';
import { agentVersion } from './version.ts';

/** The service takes no request body: anything beyond a stray byte or two is refused (413). */
export const BODY_LIMIT_BYTES = 1024;

export interface AgentDeps {
  /** The printing system; CUPS's own commands unless a test gives another. */
  cups?: Cups;
  /** Fastify's logger option (pino); silent when omitted, as in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Limits of the label download (10 s, 10 MB by default). */
  download?: Partial<DownloadLimits>;
}

/**
 * Builds the local print service (docs/behaviour/calls.md) without listening: tests use `inject` or listen
 * on port 0, main.ts listens on the configured address.
 */
export async function buildAgent(
  config: AgentConfig,
  deps: AgentDeps = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // The print call's query string is a capability: request logs show the path only.
    logger: deps.logger ? withPathOnlyRequests(deps.logger) : false,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // No route reads a body, so none is parsed: a client that sends an empty JSON body (or
  // any content type) is not refused for it, and the body limit still applies.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null));

  const state = await StateStore.open(config.stateFile, app.log);
  registerErrorHandling(app);
  registerOriginGuard(app, { portalOrigins: config.portalOrigins, listenHost: config.host });
  app.addHook('onSend', async (_request, reply) => {
    // Printer states change by the minute: no answer is worth keeping.
    reply.header('cache-control', 'no-store');
  });
  registerRoutes(app, {
    cups: deps.cups ?? createSystemCups(),
    state,
    version: agentVersion(),
    portalOrigins: config.portalOrigins,
    download: { ...DEFAULT_DOWNLOAD_LIMITS, ...deps.download },
  });
  return app;
}

type LoggerOption = NonNullable<FastifyServerOptions['logger']>;

function withPathOnlyRequests(logger: LoggerOption): LoggerOption {
  const base = typeof logger === 'object' ? logger : {};
  return {
    ...base,
    serializers: {
      ...('serializers' in base ? base.serializers : {}),
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
  };
}
