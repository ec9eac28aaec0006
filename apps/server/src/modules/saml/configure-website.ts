/**
 * Sets a website's SAML identity-provider settings from the command line (the database must
 * not be in use by a running server when it is the embedded one):
 *
 *   node --import tsx apps/server/src/modules/saml/configure-website.ts --host 127.0.0.1 \
 *     --entity-id https://idp.example/metadata --sso-url https://idp.example/sso \
 *     --slo-url https://idp.example/slo --cert-file idp.crt [--no-slo] [--sso-type NONE]
 *
 * It reads DATA_DIR / DATABASE_URL like the server, migrates, and seeds the demo data first
 * when SEED_DEMO allows and the database is empty, so it also works on a fresh data folder.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { websiteSearchString } from '@csp/contracts';
import { loadConfig } from '../../config.ts';
import { createDb, dbOptionsFromEnv } from '../../db/client.ts';
import { prepareDatabase } from '../../startup/prepare-database.ts';
import { updateWebsiteSaml, type WebsiteSamlSettings } from './repository.ts';

function settingsFromArgs(args: string[]): { host: string; settings: WebsiteSamlSettings } {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      'entity-id': { type: 'string' },
      'sso-url': { type: 'string' },
      'slo-url': { type: 'string' },
      'cert-file': { type: 'string' },
      'no-slo': { type: 'boolean', default: false },
      'sso-type': { type: 'string', default: 'SAML' },
    },
  });
  const ssoType = values['sso-type'] === 'NONE' ? 'NONE' : 'SAML';
  const missing = [
    'host',
    ...(ssoType === 'SAML' ? ['entity-id', 'sso-url', 'cert-file'] : []),
  ].filter((name) => !values[name as keyof typeof values]);
  if (missing.length) throw new Error(`Missing ${missing.map((m) => `--${m}`).join(', ')}`);
  const certFile = values['cert-file'];
  return {
    host: websiteSearchString(values.host ?? ''),
    settings: {
      ssoType,
      sloEnabled: ssoType === 'SAML' && !values['no-slo'] && Boolean(values['slo-url']),
      samlIdpEntityId: values['entity-id'] ?? null,
      samlIdpSsoUrl: values['sso-url'] ?? null,
      samlIdpSloUrl: values['slo-url'] ?? null,
      samlIdpCertificate: certFile ? readFileSync(certFile, 'utf8') : null,
    },
  };
}

async function main(): Promise<void> {
  const { host, settings } = settingsFromArgs(process.argv.slice(2));
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  const database = await createDb(dbOptionsFromEnv(config.databaseUrl, config.dataDir));
  try {
    await database.exclusive(() => prepareDatabase(database.db, config.seedDemo, logger));
    if (!(await updateWebsiteSaml(database.db, host, settings))) {
      throw new Error(`No website has the host ${host}`);
    }
    console.log(`Website ${host}: ssoType ${settings.ssoType}, sloEnabled ${settings.sloEnabled}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
