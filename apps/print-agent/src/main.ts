#!/usr/bin/env tsx
import { buildAgent } from './app.ts';
import { ConfigError, parseConfig, USAGE } from './config.ts';

/**
 * The local print service's entry point: reads its configuration, listens (on the loopback by
 * default) and stops cleanly on SIGTERM / SIGINT, as systemd and a terminal ask it to.
 */
async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`csp-print-agent: ${error.message}`);
    process.exit(1);
  }
  if (parsed.help) {
    console.log(USAGE);
    return;
  }
  const { config } = parsed;
  const app = await buildAgent(config, {
    logger: { level: process.env.LOG_LEVEL?.trim() || 'info' },
  });

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'stopping the print service');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'could not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why =
      code === 'EADDRINUSE'
        ? `port ${config.port} on ${config.host} is taken (is the print service already running?)`
        : String(error);
    app.log.fatal(`cannot listen: ${why}`);
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  app.log.info(
    {
      url: `http://${host}:${port}`,
      portalOrigins: config.portalOrigins,
      stateFile: config.stateFile,
    },
    `print service listening on http://${host}:${port}, trusting ${config.portalOrigins.join(', ')}`,
  );
}

await main();
