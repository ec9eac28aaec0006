import type { Db } from '../db/client.ts';
import type { DevIdp } from './dev-idp-server.ts';
import { loadOrCreateDevIdpKeys } from './idp-keys.ts';
import { countDevIdpWebsites, pointWebsitesAtDevIdp } from './repository.ts';
import { devIdpSettingsFromEnv } from './settings.ts';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Starts the development IdP when a website trusts it (the demo seed's 127.0.0.1 website
 * does), or always with DEV_IDP=always, and DEV_IDP is not false, then points those websites at its real port and
 * certificate. Must run before the app serves requests. A busy port is a warning, not a
 * failed start: single sign-on on those websites then fails until DEV_IDP_PORT is changed.
 */
export async function startDevIdpIfWanted(
  db: Db,
  dataDir: string,
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
): Promise<(DevIdp & { hosts: string[] }) | null> {
  const settings = devIdpSettingsFromEnv(env);
  if (!settings.enabled) return null;
  if (!settings.always && (await countDevIdpWebsites(db)) === 0) return null;
  const keys = loadOrCreateDevIdpKeys(dataDir);
  let idp: DevIdp;
  try {
    // Loaded only here: samlify, which its pages need, is a development dependency, absent from
    // an installation made with `npm ci --omit=dev` (which has no use for a development IdP);
    // startDevIdp checks it is there and loads it with the pages, on the IdP's first request.
    const { startDevIdp } = await import('./dev-idp-server.ts');
    idp = await startDevIdp({ db, keys, port: settings.port, logger });
  } catch (error) {
    logger.warn(
      { err: error, port: settings.port },
      'development IdP not started (port in use? set DEV_IDP_PORT, or DEV_IDP=false; or the development dependencies are not installed)',
    );
    return null;
  }
  const hosts = await pointWebsitesAtDevIdp(db, {
    ssoUrl: idp.urls.ssoUrl,
    sloUrl: idp.urls.sloUrl,
    certificate: keys.certificate,
  });
  logger.info({ port: idp.port, hosts }, 'development IdP listening');
  return { ...idp, hosts };
}
