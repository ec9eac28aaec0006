import { buildApp } from './app.ts';
import { serveBackups } from './backup/server-backups.ts';
import { ConfigError, loadConfig, type EnvConfig } from './config.ts';
import { createDb, dbOptionsFromEnv } from './db/client.ts';
import { STATEMENT_TIMEOUT_MS } from './db/pool-settings.ts';
import { DEMO_ACCOUNTS, DEMO_HOSTS } from './db/seed/demo-accounts.ts';
import { startDevIdpIfWanted } from './dev-idp/start.ts';
import { listen } from './startup/listen.ts';
import { prepareDatabase } from './startup/prepare-database.ts';
import { createLogger } from './lib/create-logger.ts';
import { resolveSigningSecret } from './modules/account/index.ts';
import { listStoresWithWebsites } from './modules/store/index.ts';

/** Only one process of a deployment runs the development identity provider. */
const DEV_IDP_LOCK = 'campus-store-portal:dev-idp';
/**
 * How long SIGTERM or SIGINT may take: requests in flight and long work stop at their next safe
 * point well within it (an import at its next row); under systemd's default 90 s stop timeout.
 */
const SHUTDOWN_DEADLINE_MS = 30_000;

function readConfig(): EnvConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

type StoreList = Awaited<ReturnType<typeof listStoresWithWebsites>>;

function printBanner(port: number, demoSeeded: boolean, stores: StoreList): void {
  const lines = ['', 'Campus Store Portal is running:'];
  if (demoSeeded)
    lines.push(...Object.values(DEMO_HOSTS).map((host) => `  http://${host}:${port}`));
  else {
    for (const site of stores.flatMap((s) => s.websites)) lines.push(`  ${site.origin}`);
    if (stores.length === 0) {
      lines.push('  No store yet: create one with `npm run store -- create` (docs/operations.md).');
    }
  }
  lines.push(`  API docs: http://localhost:${port}/api-docs`);
  if (demoSeeded) {
    lines.push('', 'Demo logins (user name / password):');
    for (const a of DEMO_ACCOUNTS) {
      lines.push(`  [store ${a.store}] ${a.userName} / ${a.password}  (${a.note})`);
    }
  }
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  // Everything the server writes (the embedded database, mail files) is for its own user only.
  process.umask(0o077);
  const envConfig = readConfig();
  const logger = createLogger(envConfig.logLevel);
  const database = await createDb({
    ...dbOptionsFromEnv(envConfig.databaseUrl, envConfig.dataDir, envConfig.dbPoolSize),
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    onPoolError: (error) =>
      logger.warn({ err: error }, 'a database connection broke; it is replaced on next use'),
  });
  // PGlite: `npm run backup` asks this process for a copy of the database (ADR 0038).
  const operatorSocket = await serveBackups(database, envConfig.dataDir, logger);
  // Several processes may start at once on one PostgreSQL database: one seeds, the others wait.
  const { demoSeeded } = await database.exclusive(() =>
    prepareDatabase(database.db, envConfig.seedDemo, logger),
  );
  const config = {
    ...envConfig,
    jwtSecret: await resolveSigningSecret(database.db, envConfig.jwtSecret, envConfig.dataDir),
  };
  // Before the app serves requests: it points the websites that trust it at its port.
  const idpLock = await database.tryHoldLock(DEV_IDP_LOCK);
  const devIdp = idpLock ? await startDevIdpIfWanted(database.db, config.dataDir, logger) : null;
  if (!idpLock) logger.info('another process runs the development IdP');
  const app = await buildApp({
    db: database.db,
    config,
    logger,
    engine: database.engine,
    poolStats: database.poolStats?.bind(database),
  });

  const listening = await listen(app, config.host, config.port);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // Past the deadline the process ends as if it had crashed: an apply's transaction rolls
    // back and the next start releases the imports (restart-recovery.ts). It exits 1 to say so.
    const deadline = setTimeout(() => {
      logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      await listening.closeExtra();
      await devIdp?.close();
      await idpLock?.release();
      // Stops accepting, answers the requests in flight, tells long work (imports, voucher
      // mailings) to stop at a safe point and waits for it, then the scheduled jobs' runs.
      await app.close();
      await operatorSocket?.close();
      await database.close();
      logger.info({ signal }, 'shut down cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const stores = demoSeeded
    ? []
    : await listStoresWithWebsites({
        db: database.db,
        config: { ...config, port: listening.port },
      });
  printBanner(listening.port, demoSeeded, stores);
  for (const host of devIdp?.hosts ?? []) {
    console.log(
      `\nSingle sign-on: http://${host}:${listening.port}/login -> "Sign in with single sign-on"` +
        `\n  (development IdP at ${devIdp?.urls.base}: pick a user, no password)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
